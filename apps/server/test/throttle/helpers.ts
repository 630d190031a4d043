import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppEnv } from '../../src/app.js';
import { loadEnv } from '../../src/env.js';
import { authFailures, rateWindows, throttlePaces } from '../../src/db/schema.js';
import { createTestApp, type DbKind, type TestContext } from '../helpers/app.js';
import { listenOnLoopback } from '../helpers/net.js';

/** The throttles' thresholds as a server with no configuration has them (docs/security.md). */
const defaults = loadEnv({});
export const DEFAULT_THROTTLES = {
  SOS_LOGIN_FAILURES_PER_PAIR: defaults.SOS_LOGIN_FAILURES_PER_PAIR,
  SOS_LOGIN_FAILURES_PER_ADDRESS: defaults.SOS_LOGIN_FAILURES_PER_ADDRESS,
  SOS_KEY_FAILURES_PER_ADDRESS: defaults.SOS_KEY_FAILURES_PER_ADDRESS,
  SOS_TOKEN_FAILURES_PER_ADDRESS: defaults.SOS_TOKEN_FAILURES_PER_ADDRESS,
};

/** Forgets every throttle count (failures, paces, request windows) between tests. */
async function clearThrottles(ctx: TestContext): Promise<void> {
  await ctx.app.throttle.windows.flush();
  await ctx.database.db.delete(authFailures);
  await ctx.database.db.delete(throttlePaces);
  await ctx.database.db.delete(rateWindows);
  ctx.app.throttle.windows.forget();
}

/**
 * A test app listening on loopback for a suite (each 127.0.0.x then plays another client),
 * with every throttle count forgotten before each test. Read `ctx` and `base` in the tests.
 */
export function listeningApp(kind: DbKind, env: Partial<AppEnv>) {
  const app = { ctx: undefined as unknown as TestContext, base: '' };
  beforeAll(async () => {
    app.ctx = await createTestApp(kind, env);
    app.base = await listenOnLoopback(app.ctx.app);
  });
  afterAll(async () => app.ctx.close());
  beforeEach(async () => clearThrottles(app.ctx));
  return app;
}

/**
 * Waits, if needed, until at least `needMs` remain in the current fixed window of
 * `windowMs` (the shared counts restart at each window's start), so a test that counts up
 * to a limit never has its count cut in two by a window boundary on a slow machine.
 */
export async function roomInWindow(needMs: number, windowMs = 60_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
