import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { refreshTokens, sessions, users } from '../db/schema.js';

/**
 * Sessions (docs/security.md "Sessions"): a login opens one; its refresh tokens
 * are one family (family_id = its id) and its access tokens name it (claim `sid`). Ending
 * it revokes both at once: the access token's next call is refused (plugins/app/auth.ts).
 */
export async function openSession(db: Tx, userId: number): Promise<string> {
  const id = randomUUID();
  await db.insert(sessions).values({ id, userId });
  return id;
}

/**
 * Why a session ended, kept with it so a refused refresh or call can say so (docs/security.md
 * "Sessions"): the console tells a user whose account an administrator changed, instead of
 * dropping her on the login page without a word.
 */
export type SessionEndReason = 'SIGNED_OUT' | 'ACCOUNT_CHANGED' | 'TOKEN_REUSED';

/** A family refreshed from before sessions existed gets its session now. */
export async function adoptFamily(db: Tx, familyId: string, userId: number): Promise<void> {
  await db.insert(sessions).values({ id: familyId, userId }).onConflictDoNothing();
}

/** Ends one session: its refresh tokens too. Answers whether it was still live. */
export async function endSession(
  db: Tx,
  sessionId: string,
  reason: SessionEndReason,
): Promise<boolean> {
  const now = new Date();
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
  return ended.length > 0;
}

/**
 * Ends every session of a user but `except` (the one that asked: a user changing his own
 * password stays signed in where he did it), because his account changed (role or password).
 * Answers how many sessions ended.
 */
export async function endUserSessions(
  db: Tx,
  userId: number,
  except?: string | null,
): Promise<number> {
  const now = new Date();
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now, endReason: 'ACCOUNT_CHANGED' })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        except ? ne(sessions.id, except) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        except ? ne(refreshTokens.familyId, except) : undefined,
      ),
    );
  return ended.length;
}

/** Why a session ended: null while it lives, when unknown, or when it ended before reasons were kept. */
export async function sessionEndReason(
  db: Tx,
  sessionId: string,
): Promise<SessionEndReason | null> {
  const [row] = await db
    .select({ reason: sessions.endReason })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.reason ?? null;
}

/**
 * Why a signed access token's session is gone: its end reason, or ACCOUNT_CHANGED when its
 * user was deleted (his sessions went with him), so a deleted user is told too.
 */
export async function accessEndReason(
  db: Tx,
  check: { userId: number; sessionId: string },
): Promise<SessionEndReason | null> {
  const reason = await sessionEndReason(db, check.sessionId);
  if (reason) return reason;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, check.userId));
  return user ? null : 'ACCOUNT_CHANGED';
}
