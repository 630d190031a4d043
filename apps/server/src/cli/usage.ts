import { parseArgs } from 'node:util';
import type { z } from 'zod';
import type { Database } from '../db/client.js';

/**
 * Runs on the open database; resolves to the lines to print. `progress` prints a line at
 * once (on stderr, so that the output proper stays clean), for a command that runs long.
 */
type Prepared = (database: Database, progress: (line: string) => void) => Promise<string[]>;
/**
 * A command checks its options first (throwing a UsageError before any database is
 * opened) and returns the work to run.
 */
export type Command = (argv: string[]) => Prepared;

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --username U --email E --role SUPER_ADMIN|EMPLOYEE [--password P]
      Creates a user. Without --password a password is generated and printed once.
  reset-password --username U [--password P]
      Sets a new password (generated and printed if absent) and ends the user's
      sessions: his refresh tokens are revoked.
  set-api-key --key K
      Sets the device API key (at least 4 characters). Devices sending another key
      are refused from then on.
  audit-verify
      Re-checks the audit log's hash chain from its first record (progress every
      10,000 records); exit code 1 and the first bad record's id if it is broken.
  migrate
      Applies the database migrations (every command also does it first).
  help
      This help.

The database is the server's: DATABASE_URL if set, otherwise the embedded one in
SOS_DATA_DIR (default ./data; a .env file is read too). An embedded database is
opened by one process at a time: stop the server before running a command on it.
`;

/** Bad input: exit code 2, with a message naming the option. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Something the command cannot do with valid input (unknown user, username taken): exit code 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

type Flags = Record<string, { type: 'string' }>;

/** Reads a command's options: unknown options, positionals or missing values are usage errors. */
export function readFlags<F extends Flags>(
  argv: string[],
  flags: F,
): Partial<Record<keyof F, string>> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: flags,
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/**
 * Validates with a contract schema; the first problem becomes a usage error naming the
 * option it came from (`--email: must be a valid email address`).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  flagOf: Record<string, string>,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  throw new UsageError(`${flagOf[field] ?? field}: ${issue?.message ?? 'is invalid'}`);
}

/** A required option: a usage error naming it when absent or blank. */
export function required(value: string | undefined, flag: string, hint = ''): string {
  if (value === undefined || value.trim() === '')
    throw new UsageError(`${flag}: is required${hint}`);
  return value;
}
