import type { CreateEmployeeRequest, Employee, Role, UpdateEmployeeRequest } from '@sos/contract';
import type { Db } from '../db/client.js';
import { DomainError, invalid, notFound } from '../lib/domain-error.js';
import { hashPassword } from '../lib/password.js';
import { checkNewPassword } from './password-policy.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { userTarget } from '../audit/targets.js';
import { endUserSessions } from '../auth/sessions.js';
import {
  deleteEmployee,
  findEmployee,
  insertEmployee,
  isUniqueViolation,
  lockUsers,
  otherSuperAdmins,
  updateEmployee,
  usernameTaken,
} from './repository.js';

const usernameTakenError = (username: string) =>
  new DomainError('conflict', 'USERNAME_TAKEN', `The username "${username}" is already taken`);

const lastSuperAdmin = () =>
  new DomainError('conflict', 'LAST_SUPER_ADMIN', 'At least one super administrator must remain');

/** The database's unique index is the last word on a duplicate username. */
async function mapDuplicate<T>(username: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTakenError(username);
    throw err;
  }
}

export async function createEmployee(
  db: Db,
  body: CreateEmployeeRequest & { role: Role },
  by: AuditBy,
): Promise<Employee> {
  checkNewPassword(body.password, body.role);
  // Hashed before the lock: the lock is held only for the checks and the write.
  const passwordHash = await hashPassword(body.password);
  return mapDuplicate(body.username, () =>
    db.transaction(async (tx) => {
      await lockAuditChain(tx);
      await lockUsers(tx);
      if (await usernameTaken(tx, body.username)) throw usernameTakenError(body.username);
      const created = await insertEmployee(tx, {
        username: body.username,
        email: body.email,
        role: body.role,
        passwordHash,
      });
      await appendAudit(tx, { by, action: 'USER_CREATED', target: userTarget(created) });
      return created;
    }),
  );
}

/** The changed user, and whether his other sessions were ended (their streams must end too). */
export interface Change {
  employee: Employee;
  sessionsEnded: boolean;
}

/**
 * Updates a user. A new password or role ends every session of his but the caller's
 * (`callerSession`: a user changing his own password stays signed in where he did it).
 */
export async function changeEmployee(
  db: Db,
  id: number,
  body: UpdateEmployeeRequest,
  caller: { id: number; session: string | null },
  by: AuditBy,
): Promise<Change> {
  // Checked first (docs/shift.md): nobody changes his own role, not even the last super
  // administrator. The caller is a super administrator (the route's guard): sending his
  // role unchanged is fine.
  if (id === caller.id && body.role !== undefined && body.role !== 'SUPER_ADMIN') {
    throw new DomainError('forbidden', 'OWN_ROLE', 'You cannot change your own role');
  }
  const callerSession = caller.session;
  if (body.id !== undefined && body.id !== id) {
    throw invalid(`body.id: must equal the id in the path (${id})`);
  }
  // An absent or empty password keeps the old one.
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return mapDuplicate(body.username, () =>
    db.transaction(async (tx) => {
      await lockAuditChain(tx);
      await lockUsers(tx);
      const current = await findEmployee(tx, id);
      if (!current) throw notFound('User');
      if (await usernameTaken(tx, body.username, id)) throw usernameTakenError(body.username);
      const role = body.role ?? current.role;
      if (body.password) checkNewPassword(body.password, role);
      if (
        current.role === 'SUPER_ADMIN' &&
        role !== 'SUPER_ADMIN' &&
        (await otherSuperAdmins(tx, id)) === 0
      ) {
        throw lastSuperAdmin();
      }
      const updated = await updateEmployee(tx, id, {
        username: body.username,
        email: body.email,
        role,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (!updated) throw notFound('User');
      // docs/security.md: his other sessions end now, access tokens included (not only at refresh).
      const ends = passwordHash !== undefined || role !== current.role;
      const sessionsEnded = ends && (await endUserSessions(tx, id, callerSession)) > 0;
      // The names of what changed, never a value (a password above all).
      const fields = [
        ...(['username', 'email', 'role'] as const).filter((f) => updated[f] !== current[f]),
        ...(passwordHash ? ['password'] : []),
      ];
      await appendAudit(tx, {
        by,
        action: 'USER_UPDATED',
        target: userTarget(updated),
        details: { fields },
      });
      return { employee: updated, sessionsEnded };
    }),
  );
}

/** Deletes a user; his refresh tokens go with him (foreign key cascade). */
export async function removeEmployee(db: Db, id: number, by: AuditBy): Promise<void> {
  if (id === by.actor?.id) {
    throw new DomainError('conflict', 'CANNOT_DELETE_SELF', 'You cannot delete your own account');
  }
  await db.transaction(async (tx) => {
    await lockAuditChain(tx);
    await lockUsers(tx);
    const current = await findEmployee(tx, id);
    if (!current) throw notFound('User');
    if (current.role === 'SUPER_ADMIN' && (await otherSuperAdmins(tx, id)) === 0)
      throw lastSuperAdmin();
    await deleteEmployee(tx, id);
    await appendAudit(tx, { by, action: 'USER_DELETED', target: userTarget(current) });
  });
}
