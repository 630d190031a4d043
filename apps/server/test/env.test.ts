import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { ConfigError, loadEnv } from '../src/env.js';
import { createTestApp, type TestContext } from './helpers/app.js';

/** The ConfigError loadEnv throws for these variables (undefined: none). */
function refusal(vars: Record<string, string>): ConfigError | undefined {
  try {
    loadEnv(vars);
    return undefined;
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
}

// The first account and the first device key come from the environment: they must obey the
// very rules the API applies to the same fields, or the server would store a key its own
// settings screen refuses (docs/operations.md).
describe('variables the API also validates', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('embedded');
  });
  afterAll(async () => ctx.close());

  const setKey = (apiKey: string) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath('confApiKey'),
      headers: ctx.bearer(ctx.admin.token),
      payload: { apiKey },
    });
  const createUser = (username: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPath('employee'),
      headers: ctx.bearer(ctx.admin.token),
      payload: { username, password, email: 'env@example.com', role: 'EMPLOYEE' },
    });

  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(201)],
    ['not printable ASCII', 'chiave-perché-sì'],
    ['a control character', 'key\u0007bell'],
  ])('refuses a SOS_DEVICE_API_KEY the API refuses (%s), naming the variable', async (_, key) => {
    expect((await setKey(key)).statusCode).toBe(400);
    const error = refusal({ SOS_DEVICE_API_KEY: key });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.message).toContain('SOS_DEVICE_API_KEY');
    expect(error!.message).not.toContain(key);
  });

  it('takes a key the API takes, trimmed as the API trims it', async () => {
    const key = `  ${'k'.repeat(200)}  `;
    const res = await setKey(key);
    expect(res.statusCode).toBe(200);
    expect(loadEnv({ SOS_DEVICE_API_KEY: key }).SOS_DEVICE_API_KEY).toBe(res.json().apiKey);
  });

  it.each([
    ['SOS_ADMIN_USERNAME', 'u'.repeat(51), 'a-good-password'],
    ['SOS_ADMIN_USERNAME', 'evil\u202Eadmin', 'a-good-password'],
    ['SOS_ADMIN_PASSWORD', 'first-admin', 'short'],
    ['SOS_ADMIN_PASSWORD', 'first-admin', 'p'.repeat(201)],
  ])('refuses a %s the API refuses for a new account', async (name, username, password) => {
    expect((await createUser(username, password)).statusCode).toBe(400);
    const error = refusal({ SOS_ADMIN_USERNAME: username, SOS_ADMIN_PASSWORD: password });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toHaveLength(1);
    expect(error!.problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('defaults the first account to admin, with a generated password', () => {
    const env = loadEnv({});
    expect([env.SOS_ADMIN_USERNAME, env.SOS_ADMIN_PASSWORD, env.SOS_DEVICE_API_KEY]).toEqual([
      'admin',
      undefined,
      undefined,
    ]);
  });
});
