import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { refreshTokens, users } from '../db/schema.js';
import type { SessionUser } from './session-users.js';

export interface Credentials extends SessionUser {
  passwordHash: string;
}

/** Login matches the username exactly as stored. */
export async function findCredentials(db: Tx, username: string): Promise<Credentials | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

export async function findUser(db: Tx, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** Expired tokens serve no purpose (reuse detection included): drop a user's old ones. */
export async function pruneExpiredTokens(db: Tx, userId: number): Promise<void> {
  await db
    .delete(refreshTokens)
    .where(and(eq(refreshTokens.userId, userId), lt(refreshTokens.expiresAt, new Date())));
}
