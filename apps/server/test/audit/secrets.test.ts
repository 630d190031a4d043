import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, authResponseSchema } from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos } from '../routes/device/fixtures.js';
import { call, wholeLog } from './fixtures.js';

/** Values a run writes that must never reach the log: passwords, tokens, the key, a resident's data. */
const SECRETS = {
  createdPassword: 'Created-Pa55word-Alpha',
  changedPassword: 'Changed-Pa55word-Bravo',
  wrongPassword: 'Wrong-Pa55word-Charlie',
  passwordAsUsername: 'Typed-Pa55word-Delta',
  apiKey: 'Device-Key-Echo-0123456789',
  residentName: 'Maria Foxtrot Rossi',
  address: 'Via Golf 12, Milano',
  phone: '+39 333 7654321',
  notes: 'Hotel: insulina alle 8',
  contactName: 'India Bianchi',
  relation: 'Juliet-nipote',
  sosNote: 'Kilo: caduta in bagno',
  closingNote: 'Lima: accompagnata al pronto soccorso',
};

describeEachDb('audit log: nothing secret or personal in it', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  it('holds none of the passwords, tokens, key or profile values a whole run wrote', async () => {
    const tokens: string[] = [ctx.admin.token, ctx.employee.token];
    const created = await call(ctx, 'POST', apiPath('employee'), ctx.admin.token, {
      username: 'mike',
      email: 'mike@example.it',
      password: SECRETS.createdPassword,
    });
    const id = created.json<{ id: number }>().id;
    await call(ctx, 'PATCH', `${apiPath('employee')}/${id}`, ctx.admin.token, {
      username: 'mike',
      email: 'mike@example.it',
      password: SECRETS.changedPassword,
    });
    const signedIn = authResponseSchema.parse(
      (
        await call(ctx, 'POST', apiPath('login'), undefined, {
          username: 'mike',
          password: SECRETS.changedPassword,
        })
      ).json(),
    );
    tokens.push(signedIn.access_token, signedIn.refresh_token);
    await call(ctx, 'POST', apiPath('login'), undefined, {
      username: 'mike',
      password: SECRETS.wrongPassword,
    });
    await call(ctx, 'POST', apiPath('login'), undefined, {
      username: SECRETS.passwordAsUsername,
      password: 'x',
    });
    const refreshed = (
      await call(ctx, 'POST', `${apiPath('refreshAuth')}?refresh_token=${signedIn.refresh_token}`)
    ).json<{
      access_token: string;
      refresh_token: string;
    }>();
    tokens.push(refreshed.access_token, refreshed.refresh_token);
    await call(ctx, 'POST', apiPath('logout'), undefined, {
      refresh_token: refreshed.refresh_token,
    });
    await call(ctx, 'POST', apiPath('confApiKey'), ctx.admin.token, { apiKey: SECRETS.apiKey });
    ctx.apiKey = SECRETS.apiKey;
    const { deviceId, sosId } = await deviceWithOpenSos(ctx, 'secret-1', 'Casa');
    const profileUrl = `${apiPath('deviceProfile')}?id=${deviceId}`;
    await call(ctx, 'PUT', profileUrl, ctx.admin.token, {
      residentName: SECRETS.residentName,
      address: SECRETS.address,
      phone: SECRETS.phone,
      notes: SECRETS.notes,
      contacts: [{ name: SECRETS.contactName, phone: SECRETS.phone, relation: SECRETS.relation }],
    });
    await call(ctx, 'GET', profileUrl, ctx.employee.token);
    await call(ctx, 'POST', `${apiPath('sosNote')}?sosId=${sosId}`, ctx.employee.token, {
      text: SECRETS.sosNote,
    });
    await call(ctx, 'PATCH', `${apiPath('sosClose')}?sosId=${sosId}`, ctx.employee.token, {
      note: SECRETS.closingNote,
    });

    const log = await wholeLog(ctx);
    // The run was recorded (so the check below reads a log that saw every value go by)...
    for (const action of [
      'USER_CREATED',
      'USER_UPDATED',
      'LOGIN',
      'LOGIN_FAILED',
      'LOGOUT',
      'API_KEY_CHANGED',
      'PROFILE_UPDATED',
      'PROFILE_VIEWED',
      'SOS_NOTE_ADDED',
      'SOS_CLOSED',
    ]) {
      expect(log).toContain(`"${action}"`);
    }
    // ...and holds none of them, whole or as the part a careless code would keep.
    for (const value of [...Object.values(SECRETS), ...tokens]) {
      expect(log).not.toContain(value);
      expect(log.toLowerCase()).not.toContain(value.toLowerCase().slice(0, 12));
    }
  });
});
