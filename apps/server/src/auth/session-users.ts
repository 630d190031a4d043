import { sql } from 'drizzle-orm';
import type { AuthResponse } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { rowsOf } from '../db/rows.js';

/** A verified token's claims to check: its user, and the session it belongs to. */
export interface SessionCheck {
  userId: number;
  sessionId: string;
}

/**
 * A signed-in user, as sign-in answers it (the contract's AuthResponse): the one type of the
 * user of a token, a session and a request.
 */
export type SessionUser = Pick<AuthResponse, 'id' | 'username' | 'role'>;

/**
 * The user of each live session (not revoked, his own), or undefined, in ONE query for one
 * check or many (plugins/app/auth.ts gathers the checks of the requests that arrive together):
 * read after every one of them arrived, so a sign-out, deletion or role change committed
 * before a request is seen by it.
 */
export async function readSessionUsers(
  db: Tx,
  checks: readonly SessionCheck[],
): Promise<Array<SessionUser | undefined>> {
  if (checks.length === 0) return [];
  const result = await db.execute(sql`
    SELECT c.n, u.id, u.username, u.role
    FROM unnest(${sql.param(checks.map((c) => c.userId))}::int[], ${sql.param(checks.map((c) => c.sessionId))}::text[])
      WITH ORDINALITY AS c(user_id, session_id, n)
    JOIN users u ON u.id = c.user_id
    JOIN sessions s ON s.id = c.session_id AND s.user_id = u.id AND s.revoked_at IS NULL`);
  const answers: Array<SessionUser | undefined> = checks.map(() => undefined);
  for (const row of rowsOf<SessionUser & { n: unknown }>(result)) {
    answers[Number(row.n) - 1] = { id: Number(row.id), username: row.username, role: row.role };
  }
  return answers;
}
