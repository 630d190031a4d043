import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  createEmployeeRequestSchema,
  roleSchema,
  ROLES,
  type Role,
  setApiKeyRequestSchema,
} from '@sos/contract';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import { CLI_BY } from '../audit/by.js';
import { users } from '../db/schema.js';
import { DomainError } from '../lib/domain-error.js';
import { hashPassword } from '../lib/password.js';
import { broadcastControl } from '../live/control.js';
import { endUserSessions } from '../auth/sessions.js';
import { writeApiKey } from '../conf/repository.js';
import { createEmployee } from '../users/writes.js';
import { checkNewPassword } from '../users/password-policy.js';
import { CommandError, readFlags, required, UsageError, validate, type Command } from './usage.js';
import { auditVerify } from './audit-verify.js';

export type { Command } from './usage.js';

/** 18 random bytes: 24 characters, like the first super administrator's generated password. */
const generatePassword = () => randomBytes(18).toString('base64url');
const shownOnce = (password: string) => `generated password: ${password}   (shown only this once)`;

const USER_FLAGS = {
  username: '--username',
  email: '--email',
  role: '--role',
  password: '--password',
};

/**
 * The console's password policy (docs/security.md), on the command line too: a usage error
 * naming `--password` and saying why (too short for a super administrator, too common).
 */
function checkPasswordFlag(password: string, role: Role): void {
  try {
    checkNewPassword(password, role);
  } catch (err) {
    if (err instanceof DomainError)
      throw new UsageError(err.message.replace(/^body\.password/, '--password'));
    throw err;
  }
}

const createUser: Command = (argv) => {
  const flags = readFlags(argv, {
    username: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    password: { type: 'string' },
  });
  const role = required(flags.role, '--role', ` (${ROLES.join(' or ')})`);
  const generated = flags.password === undefined;
  const input = validate(
    createEmployeeRequestSchema.extend({ role: roleSchema }),
    {
      username: flags.username ?? '',
      email: flags.email ?? '',
      role,
      password: flags.password ?? generatePassword(),
    },
    USER_FLAGS,
  );
  checkPasswordFlag(input.password, input.role);
  return async (database) => {
    try {
      const user = await createEmployee(database.db, input, CLI_BY);
      const lines = [`created ${user.role} "${user.username}" <${user.email}> (id ${user.id})`];
      return generated ? [...lines, shownOnce(input.password)] : lines;
    } catch (err) {
      if (err instanceof DomainError) throw new CommandError(err.message); // e.g. the username is taken
      throw err;
    }
  };
};

const resetPassword: Command = (argv) => {
  const flags = readFlags(argv, { username: { type: 'string' }, password: { type: 'string' } });
  const generated = flags.password === undefined;
  const { username, password } = validate(
    createEmployeeRequestSchema.pick({ username: true, password: true }),
    { username: flags.username ?? '', password: flags.password ?? generatePassword() },
    USER_FLAGS,
  );
  return async (database) => {
    // Login matches the username exactly as stored: so does this.
    const [found] = await database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.username, username));
    if (!found) throw new CommandError(`no user is named "${username}"`);
    checkPasswordFlag(password, found.role);
    const passwordHash = await hashPassword(password);
    const user = await database.db.transaction(async (tx) => {
      await lockAuditChain(tx);
      const [row] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.username, username))
        .returning({ id: users.id, username: users.username });
      if (row) {
        // Every session ends now; servers on the same PostgreSQL end his live streams.
        await endUserSessions(tx, row.id);
        await broadcastControl(tx, { op: 'disconnect-user', userId: row.id });
        await appendAudit(tx, {
          by: CLI_BY,
          action: 'USER_UPDATED',
          target: { type: 'USER', id: row.id, label: row.username },
          details: { fields: ['password'] },
        });
      }
      return row;
    });
    if (!user) throw new CommandError(`no user is named "${username}"`);
    const lines = [`password of "${user.username}" changed; every session of his has ended`];
    return generated ? [...lines, shownOnce(password)] : lines;
  };
};

const setApiKey: Command = (argv) => {
  const flags = readFlags(argv, { key: { type: 'string' } });
  const { apiKey } = validate(
    setApiKeyRequestSchema,
    { apiKey: required(flags.key, '--key') },
    { apiKey: '--key' },
  );
  return async (database) => {
    await writeApiKey(database.db, apiKey, CLI_BY);
    return ['device API key changed: devices sending another key are refused from now on'];
  };
};

const migrate: Command = (argv) => {
  readFlags(argv, {});
  return async (database) => {
    // Opening the database applied any missing migration already: say where it stands.
    const result = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    const [row] = (result as { rows: { n: number }[] }).rows;
    return [`database up to date: ${row?.n ?? 0} migrations applied`];
  };
};

export const COMMANDS: Record<string, Command> = {
  'create-user': createUser,
  'reset-password': resetPassword,
  'set-api-key': setApiKey,
  'audit-verify': auditVerify,
  migrate,
};
