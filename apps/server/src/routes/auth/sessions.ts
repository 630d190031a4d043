import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Role } from '@sos/contract';
import type { Tx } from '../../db/client.js';
import { columnOf } from '../../db/columns.js';
import { refreshTokens, sessions } from '../../db/schema.js';
import { rowsOf } from '../../live/outbox.js';

/**
 * Sessions (DESIGN §7 "Logout ends the session"): a login opens one; its refresh tokens
 * are one family (family_id = its id) and its access tokens name it (claim `sid`). Ending
 * it revokes both at once: the access token's next call is refused (plugins/auth.ts).
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

/** Ends one session: its refresh tokens too. */
export async function endSession(db: Tx, sessionId: string): Promise<void> {
  const now = new Date();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
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

/** A verified token's claims to check: its user, and the session it belongs to. */
export interface SessionCheck {
  userId: number;
  sessionId: string;
}

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
}

/**
 * The user of each live session (not revoked, his own), or undefined, in ONE query for one
 * check or many (plugins/auth.ts gathers the checks of the requests that arrive together):
 * read after every one of them arrived, so a sign-out, deletion or role change committed
 * before a request is seen by it.
 */
export async function readSessionUsers(db: Tx, checks: readonly SessionCheck[]): Promise<Array<SessionUser | undefined>> {
  if (checks.length === 0) return [];
  const result = await db.execute(sql`
    SELECT c.n, u.id, u.username, u.role
    FROM unnest(${columnOf(checks, (c) => c.userId)}::int[], ${columnOf(checks, (c) => c.sessionId)}::text[])
      WITH ORDINALITY AS c(user_id, session_id, n)
    JOIN users u ON u.id = c.user_id
    JOIN sessions s ON s.id = c.session_id AND s.user_id = u.id AND s.revoked_at IS NULL`);
  const answers: Array<SessionUser | undefined> = checks.map(() => undefined);
  for (const row of rowsOf<{ n: unknown; id: number; username: string; role: Role }>(result)) {
    answers[Number(row.n) - 1] = { id: Number(row.id), username: row.username, role: row.role };
  }
  return answers;
}
