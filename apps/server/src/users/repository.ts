import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Employee, Role } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema.js';

/** Any key of our own: it serialises writes to users across every server process. */
const USERS_LOCK = 0x5305_0001;

const employeeColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
};

/**
 * Held until the transaction ends: makes the case-insensitive username check and the
 * "one super administrator remains" check safe against concurrent writers.
 */
export async function lockUsers(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${USERS_LOCK})`);
}

/** By username, case aside ("bob" before "Carl"), the same on every database collation. */
export function listEmployees(db: Tx): Promise<Employee[]> {
  return db
    .select(employeeColumns)
    .from(users)
    .orderBy(sql`lower(${users.username}) COLLATE "C"`, asc(users.username), asc(users.id));
}

export async function findEmployee(db: Tx, id: number): Promise<Employee | undefined> {
  const [row] = await db.select(employeeColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Whether another user has this username, whatever its case. */
export async function usernameTaken(db: Tx, username: string, exceptId?: number): Promise<boolean> {
  const sameName = sql`lower(${users.username}) = lower(${username})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId === undefined ? sameName : and(sameName, ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** How many super administrators there are besides one user. */
export async function otherSuperAdmins(db: Tx, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'SUPER_ADMIN'), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

export interface NewEmployee {
  username: string;
  email: string;
  role: Role;
  passwordHash: string;
}

export async function insertEmployee(db: Tx, values: NewEmployee): Promise<Employee> {
  const [row] = await db.insert(users).values(values).returning(employeeColumns);
  if (!row) throw new Error('users insert returned no row');
  return row;
}

export interface EmployeeChanges {
  username: string;
  email: string;
  role: Role;
  passwordHash?: string;
}

export async function updateEmployee(
  db: Tx,
  id: number,
  changes: EmployeeChanges,
): Promise<Employee | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(employeeColumns);
  return row;
}

export async function deleteEmployee(db: Tx, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** PostgreSQL's unique_violation, wherever the driver or Drizzle wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object' && 'code' in e && e.code === '23505') return true;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return false;
}
