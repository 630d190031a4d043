import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { refreshTokens } from '../db/schema.js';
import { endSession } from './sessions.js';

export interface IssuedRefreshToken {
  token: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * A token refreshed again within this many seconds of its rotation (two tabs, a retry after
 * a lost answer) gets the same successor; later, a rotated token presented again is a theft.
 */
const REFRESH_GRACE_S = 10;

/** Only the hash is stored: a leaked database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The first refresh token of a session: 32 random bytes. */
export const randomRefreshToken = (): string => randomBytes(32).toString('base64url');

/** Stores a token of a family (a session); it lives ttlS from its issue. */
export async function storeRefreshToken(
  db: Tx,
  userId: number,
  familyId: string,
  token: string,
  ttlS: number,
): Promise<IssuedRefreshToken> {
  const expiresAt = Math.floor(Date.now() / 1000) + ttlS;
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(expiresAt * 1000),
  });
  return { token, expiresAt };
}

export type Rotation =
  | { outcome: 'rotated'; userId: number; familyId: string }
  /** Rotated moments ago: answer its successor again. */
  | { outcome: 'repeated'; userId: number; familyId: string; successor: IssuedRefreshToken }
  | { outcome: 'reused' }
  /** `familyId` when the token was issued (its session may say why it ended). */
  | { outcome: 'invalid'; familyId?: string };

/**
 * Marks a live token as rotated. The conditional UPDATE is the guard: of two concurrent
 * refreshes of one token exactly one rotates it; the other (waiting on the row, then seeing
 * it rotated) answers the same successor, as does any repeat within REFRESH_GRACE_S.
 * `successor` is the token that follows (the caller derives it, see tokens.successorOf).
 */
export async function claimRefreshToken(
  db: Tx,
  token: string,
  successor: string,
): Promise<Rotation> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const [claimed] = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  if (claimed) return { outcome: 'rotated', ...claimed };

  const [known] = await db
    .select({
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known) return { outcome: 'invalid' };
  if (!known.rotatedAt || known.revokedAt) return { outcome: 'invalid', familyId: known.familyId };
  if (now.getTime() - known.rotatedAt.getTime() <= REFRESH_GRACE_S * 1000) {
    const [next] = await db
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(
        and(eq(refreshTokens.tokenHash, hashToken(successor)), isNull(refreshTokens.revokedAt)),
      );
    if (!next) return { outcome: 'invalid' };
    const successorToken = {
      token: successor,
      expiresAt: Math.floor(next.expiresAt.getTime() / 1000),
    };
    return {
      outcome: 'repeated',
      userId: known.userId,
      familyId: known.familyId,
      successor: successorToken,
    };
  }
  // A rotated token presented again later: either the client or a thief holds a copy, and
  // we cannot tell which, so the whole session ends.
  await endSession(db, known.familyId, 'TOKEN_REUSED');
  return { outcome: 'reused' };
}

/** The session a refresh token belongs to (logout), if the token was ever issued. */
export async function sessionOfToken(db: Tx, token: string) {
  const [known] = await db
    .select({ sessionId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return known;
}
