import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_KEY_HEADER, apiPath, type PathName } from '@sos/contract';
import { setSetting, SETTING_KEYS } from '../../../src/db/settings.js';
import { createTestApp, describeEachDb, type TestContext } from '../../helpers/app.js';
import { eventsAfter, lastEventId, register } from '../device/fixtures.js';

/** Every device API route refuses anything but the current configuration API key. */
describeEachDb('device API authentication', (kind) => {
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

  it('refuses the old key at once when the key is changed, and accepts the new one', async () => {
    await setSetting(ctx.database.db, SETTING_KEYS.apiKey, 'brand-new-key');
    try {
      const old = await call('deviceHeartbeat', { serial: 'auth-dev' }, { [API_KEY_HEADER]: ctx.apiKey });
      expect(old.statusCode).toBe(401);
      const fresh = await call('deviceHeartbeat', { serial: 'auth-dev' }, { [API_KEY_HEADER]: 'brand-new-key' });
      expect(fresh.statusCode).toBe(204);
    } finally {
      await setSetting(ctx.database.db, SETTING_KEYS.apiKey, ctx.apiKey);
    }
  });
});
