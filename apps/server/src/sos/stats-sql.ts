import { sql } from 'drizzle-orm';

/** One decimal, rounded in numeric (half away from zero), null stays null. */
export const r1 = (value: string) => sql.raw(`round((${value})::numeric, 1)::float8`);
export const median = (column: string) =>
  r1(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column})`);
