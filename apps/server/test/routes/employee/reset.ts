import { notInArray } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.js';
import { authFailures, sessions, users } from '../../../src/db/schema.js';

type UserRow = typeof users.$inferSelect;

/**
 * Puts the users back as they were (same ids, so the seeded access tokens keep working):
 * cheaper than a fresh database per test, for tests that rename, demote or delete.
 */
export async function restoreUsers(database: Database, rows: UserRow[]): Promise<void> {
  const db = database.db;
  await db.delete(users).where(
    notInArray(
      users.id,
      rows.map((r) => r.id),
    ),
  );
  for (const { id, ...rest } of rows) {
    await db
      .insert(users)
      .values({ id, ...rest })
      .onConflictDoUpdate({ target: users.id, set: rest });
  }
  await db.delete(authFailures);
  // The seeded users' sessions live again: a test that changed a password ended them.
  await db.update(sessions).set({ revokedAt: null });
}

export function snapshotUsers(database: Database): Promise<UserRow[]> {
  return database.db.select().from(users);
}
