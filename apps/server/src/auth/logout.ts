import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import { users } from '../db/schema.js';
import { sessionOfToken } from './refresh-tokens.js';
import { endSession } from './sessions.js';

/** What a logout needs of the server: its database, and what ends live streams on every process. */
export interface LogoutServices {
  db: Db;
  endSessions(which: { userId: number; only: string }): Promise<void>;
}

/**
 * Ends the refresh token's session and records LOGOUT in the same transaction; an unknown
 * token or a session already ended changes nothing and records nothing. Then the session's
 * live streams end on every process.
 */
export async function logout(app: LogoutServices, ip: string, token: string): Promise<void> {
  const session = await sessionOfToken(app.db, token);
  if (!session) return;
  await app.db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const [user] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, session.userId));
    if (!(await endSession(tx, session.sessionId, 'SIGNED_OUT')) || !user) return;
    const actor = { id: session.userId, username: user.username };
    await appendAudit(tx, {
      by: { actor, address: ip },
      action: 'LOGOUT',
      target: { type: 'USER', id: actor.id, label: actor.username },
    });
  });
  await app.endSessions({ userId: session.userId, only: session.sessionId });
}
