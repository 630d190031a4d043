import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { refreshTokens, sessions } from '../db/schema.js';

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

/** A family refreshed from before sessions existed gets its session now. */
export async function adoptFamily(db: Tx, familyId: string, userId: number): Promise<void> {
  await db.insert(sessions).values({ id: familyId, userId }).onConflictDoNothing();
}

/** Ends one session: its refresh tokens too. Answers whether it was still live. */
export async function endSession(db: Tx, sessionId: string): Promise<boolean> {
  const now = new Date();
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
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
 * password stays signed in where he did it). Answers how many sessions ended.
 */
export async function endUserSessions(
  db: Tx,
  userId: number,
  except?: string | null,
): Promise<number> {
  const now = new Date();
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
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
