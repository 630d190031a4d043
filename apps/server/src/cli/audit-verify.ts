import { verifyAudit } from '../audit/verify.js';
import { CommandError, readFlags, type Command } from './usage.js';

/** A progress line every this many records: a large log says it is still going. */
const PROGRESS_EVERY = 10_000;

/** `npm run admin -- audit-verify`: GET /api/audit/verify from the server's own command line. */
export const auditVerify: Command = (argv) => {
  readFlags(argv, {});
  return async (database, progress) => {
    let reported = 0;
    const result = await verifyAudit(database.db, (checked) => {
      if (checked - reported < PROGRESS_EVERY) return;
      reported = checked - (checked % PROGRESS_EVERY);
      progress(`checked ${reported} records…`);
    });
    if (!result.ok) {
      throw new CommandError(
        `the chain is broken at record ${result.firstBadId} (${result.checked} records checked): it was altered, inserted or removed outside the server`,
      );
    }
    const records = result.checked === 1 ? 'record' : 'records';
    return [`audit log intact: ${result.checked} ${records} checked, every hash and link holds`];
  };
};
