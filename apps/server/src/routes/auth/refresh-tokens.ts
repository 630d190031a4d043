import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { refreshTokens } from '../../db/schema.js';

export interface IssuedRefreshToken {
  token: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** Only the hash is stored: a leaked database does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export const newFamilyId = (): string => randomUUID();

/** A new opaque token (32 random bytes) in a family; each one lives ttlS from its issue. */
export async function issueRefreshToken(
  db: Tx,
  userId: number,
  familyId: string,
  ttlS: number,
): Promise<IssuedRefreshToken> {
  const token = randomBytes(32).toString('base64url');
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
  | { outcome: 'reused' }
  | { outcome: 'invalid' };

/**
 * Marks a live token as rotated. The conditional UPDATE is the whole guard: of two
 * concurrent refreshes of one token exactly one gets the row back, and the other then
 * sees a rotated token, which is a reuse.
 */
export async function claimRefreshToken(db: Tx, token: string): Promise<Rotation> {
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
    .select({ familyId: refreshTokens.familyId, rotatedAt: refreshTokens.rotatedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (known?.rotatedAt) {
    // A rotated token presented again: either the client or a thief holds a copy, and
    // we cannot tell which, so the whole login chain ends.
    await revokeFamily(db, known.familyId);
    return { outcome: 'reused' };
  }
  return { outcome: 'invalid' };
}

export async function revokeFamily(db: Tx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Logout: ends the family of a token; an unknown token is simply ignored. */
export async function revokeFamilyOfToken(db: Tx, token: string): Promise<void> {
  const [known] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (known) await revokeFamily(db, known.familyId);
}

/** Every session of a user ends at its next refresh (his password changed). */
export async function revokeUserTokens(db: Tx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
