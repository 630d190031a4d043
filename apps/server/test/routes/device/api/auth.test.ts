import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath, type PathName } from '@sos/contract';
import { setSetting, SETTING_KEYS } from '../../../../src/db/settings.js';
import { API_KEY_TTL_MS } from '../../../../src/plugins/app/device-auth.js';
import { writeApiKey } from '../../../../src/conf/repository.js';
import { CLI_BY } from '../../../../src/audit/by.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../../helpers/app.js';
import { eventsAfter, lastEventId, register } from '../fixtures.js';

/** Every device API route refuses anything but the current configuration API key. */
describeOnOneDb('device API authentication', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await register(ctx, 'auth-dev');
  });
  afterAll(async () => ctx.close());

  const routes: [PathName, object][] = [
    ['deviceRegister', { serial: 'auth-dev', displayName: 'Renamed?' }],
    ['deviceSos', { serial: 'auth-dev' }],
    ['deviceHeartbeat', { serial: 'auth-dev' }],
  ];
  const call = (name: PathName, payload: object, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: apiPath(name), headers, payload });

  it.each(routes)('%s: refuses a call without a key with 401', async (name, payload) => {
    const before = await lastEventId(ctx);
    const res = await call(name, payload, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_API_KEY');
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it.each(routes)('%s: refuses a wrong key with 401', async (name, payload) => {
    const res = await call(name, payload, { [API_KEY_HEADER]: 'not-the-key' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_API_KEY');
  });

  it.each(routes)("%s: refuses an administrator's bearer token with 401", async (name, payload) => {
    const res = await call(name, payload, ctx.bearer(ctx.admin.token));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_API_KEY');
  });

  const heartbeat = async (key: string) =>
    (await call('deviceHeartbeat', { serial: 'auth-dev' }, { [API_KEY_HEADER]: key })).statusCode;

  it('refuses the old key as soon as another process (the admin CLI) changes it, and accepts the new one', async () => {
    expect(await heartbeat(ctx.apiKey)).toBe(204); // the key is now cached
    await writeApiKey(ctx.database.db, 'brand-new-key', CLI_BY); // what `npm run admin -- set-api-key` does
    try {
      // The control notification reaches this process's LISTEN: no waiting for the cache to expire.
      await expect.poll(() => heartbeat(ctx.apiKey), { timeout: API_KEY_TTL_MS / 2 }).toBe(401);
      expect(await heartbeat('brand-new-key')).toBe(204);
    } finally {
      await writeApiKey(ctx.database.db, ctx.apiKey, CLI_BY);
      await expect.poll(() => heartbeat(ctx.apiKey)).toBe(204);
    }
  });

  it('picks up a key changed without notification once the cached one expires', async () => {
    expect(await heartbeat(ctx.apiKey)).toBe(204);
    await setSetting(ctx.database.db, SETTING_KEYS.apiKey, 'silently-changed');
    try {
      await expect.poll(() => heartbeat(ctx.apiKey), { timeout: API_KEY_TTL_MS * 3 }).toBe(401);
      expect(await heartbeat('silently-changed')).toBe(204);
    } finally {
      await writeApiKey(ctx.database.db, ctx.apiKey, CLI_BY);
      await expect.poll(() => heartbeat(ctx.apiKey)).toBe(204);
    }
  });
});
