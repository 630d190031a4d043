import { sql, type SQL } from 'drizzle-orm';

/** How many calls were logged on the SOS whose id `sosId` gives (the history's "Chiamate"). */
export const callCountSql = (sosId: SQL) =>
  sql<number>`(SELECT count(*)::int FROM sos_timeline calls WHERE calls.sos_id = ${sosId} AND calls.type = 'CALL')`.mapWith(
    Number,
  );
