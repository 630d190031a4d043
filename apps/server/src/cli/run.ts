import { resolve } from 'node:path';
import { ConfigError, loadEnv, type Env } from '../env.js';
import { DataDirLockedError } from '../db/lock.js';
import { openDatabase } from '../db/open.js';
import { COMMANDS } from './commands.js';
import { CommandError, USAGE, UsageError } from './usage.js';

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * The admin command line: runs one command on the configured database and resolves to
 * the exit code (0 done, 1 could not be done, 2 bad input). `env` defaults to the
 * process environment and .env.
 */
export async function runAdmin(argv: string[], io: AdminIo, env?: Env): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.err(`unknown command "${name}"\n\n${USAGE}`);
    return EXIT.usage;
  }
  let prepared;
  try {
    prepared = command(args);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`${name}: ${err.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  let config: Env;
  try {
    config = env ?? loadEnv();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(err.message);
    return EXIT.failed;
  }
  let database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(
        `${err.message}\nThe admin commands cannot run while the server uses the embedded database.`,
      );
      return EXIT.failed;
    }
    io.err(`cannot open the database: ${err instanceof Error ? err.message : String(err)}`);
    return EXIT.failed;
  }
  const where = config.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded database in ${resolve(config.SOS_DATA_DIR)}`;
  try {
    const lines = await prepared(database, (line) => io.err(line));
    for (const line of [...lines, `(${where})`]) io.out(line);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommandError) {
      io.err(`${name}: ${err.message}`);
      return EXIT.failed;
    }
    // Input that only the database can judge (a password too short for the user's role).
    if (err instanceof UsageError) {
      io.err(`${name}: ${err.message}`);
      return EXIT.usage;
    }
    throw err;
  } finally {
    await database.close();
  }
}
