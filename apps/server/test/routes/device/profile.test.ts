import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { loggerOptions } from '../../../src/logger.js';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { deleteDevice, eventsAfter, lastEventId, register } from './fixtures.js';

const FULL = {
  residentName: 'Giuseppina Ferraro',
  address: 'Via Garibaldi 12, 10122 Torino',
  phone: '+39 011 555 0101',
  notes: 'Diabetica; chiavi dalla vicina al piano terra',
  contacts: [{ name: 'Marco Ferraro', phone: '+39 333 123 4567', relation: 'figlio' }],
  checkIns: [],
};
const EMPTY = {
  residentName: null,
  address: null,
  phone: null,
  notes: null,
  contacts: [],
  checkIns: [],
};

describeOnOneDb('GET/PUT /api/device/profile, POST /api/device/purge', (kind) => {
  let ctx: TestContext;
  let id: number;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    id = (await register(ctx, 'profile-1', 'Pendente 1')).json<{ id: number }>().id;
  });
  afterAll(async () => ctx.close());

  const get = (deviceId: number | string, token = ctx.employee.token) =>
    ctx.app.inject({
      method: 'GET',
      url: `${apiPath('deviceProfile')}?id=${deviceId}`,
      headers: ctx.bearer(token),
    });
  const put = (deviceId: number | string, payload: unknown, token = ctx.admin.token) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${apiPath('deviceProfile')}?id=${deviceId}`,
      headers: ctx.bearer(token),
      payload: payload as object,
    });
  const purge = (deviceId: number, token = ctx.admin.token) =>
    ctx.app.inject({
      method: 'POST',
      url: `${apiPath('devicePurge')}?id=${deviceId}`,
      headers: ctx.bearer(token),
    });

  it('answers null fields and no contacts before any profile is written', async () => {
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(EMPTY);
  });

  it('lets a super admin write it and an employee read it, never through the live stream', async () => {
    const before = await lastEventId(ctx);
    const res = await put(id, FULL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(FULL);
    expect((await get(id)).json()).toEqual(FULL);
    expect(await eventsAfter(ctx, before)).toEqual([]);
  });

  it('refuses an employee’s write with 403, and anyone unsigned with 401', async () => {
    const res = await put(id, { residentName: 'Altro' }, ctx.employee.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await get(id)).json()).toEqual(FULL);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `${apiPath('deviceProfile')}?id=${id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('treats every field as optional: blanks become null and PUT replaces the whole profile', async () => {
    const res = await put(id, {
      residentName: '  Anna  ',
      phone: '',
      contacts: [{ name: 'Vicina' }],
    });
    expect(res.json()).toEqual({
      ...EMPTY,
      residentName: 'Anna',
      contacts: [{ name: 'Vicina', phone: null, relation: null }],
    });
    expect((await put(id, {})).json()).toEqual(EMPTY);
  });

  it.each([
    ['residentName', { residentName: 'x'.repeat(121) }, /residentName: must be at most 120/],
    ['address', { address: 'x'.repeat(301) }, /address: must be at most 300/],
    ['notes', { notes: 'x'.repeat(2001) }, /notes: must be at most 2000/],
    ['phone', { phone: 'chiamami' }, /phone: must be a phone number/],
    ['phone too short', { phone: '12' }, /phone: must be a phone number/],
    [
      'contacts',
      { contacts: Array.from({ length: 6 }, (_, i) => ({ name: `C${i}` })) },
      /contacts: must have at most 5/,
    ],
    ['contact name', { contacts: [{ name: '' }] }, /contacts\.0\.name: is required/],
    [
      'contact relation',
      { contacts: [{ name: 'A', relation: 'x'.repeat(61) }] },
      /contacts\.0\.relation: must be at most 60/,
    ],
    [
      'contact phone',
      { contacts: [{ name: 'A', phone: '+39 abc' }] },
      /contacts\.0\.phone: must be a phone number/,
    ],
  ])('refuses a bad %s with 400 naming the field', async (_, payload, message) => {
    const res = await put(id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(message),
    });
  });

  it('answers 404 for an unknown device and 400 for a bad id', async () => {
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await put(999_999, FULL)).statusCode).toBe(404);
    expect((await get('abc')).statusCode).toBe(400);
  });

  it('is kept while the device is deleted, and erased by a purge (super admins only)', async () => {
    await put(id, FULL);
    expect((await deleteDevice(ctx, id)).statusCode).toBe(204);
    expect((await get(id)).json()).toEqual(FULL);
    expect((await purge(id, ctx.employee.token)).statusCode).toBe(403);
    expect((await purge(id)).statusCode).toBe(204);
    expect((await get(id)).json()).toEqual(EMPTY);
    expect((await purge(999_999)).statusCode).toBe(404);
  });
});

describe('the resident profile never reaches the log', () => {
  let ctx: TestContext;
  let lines = '';
  beforeAll(async () => {
    const sink = new Writable({
      write: (chunk: Buffer, _e, done) => ((lines += chunk.toString()), done()),
    });
    const options = loggerOptions({ LOG_LEVEL: 'trace', LOG_PRETTY: false }, false) as object;
    ctx = await createTestApp('embedded', {}, undefined, { ...options, stream: sink });
  });
  afterAll(async () => ctx.close());

  it('logs neither the values of a PUT nor those of a refused one', async () => {
    const id = (await register(ctx, 'log-1')).json<{ id: number }>().id;
    const url = `${apiPath('deviceProfile')}?id=${id}`;
    const headers = ctx.bearer(ctx.admin.token);
    const ok = await ctx.app.inject({ method: 'PUT', url, headers, payload: FULL });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...FULL, phone: 'Segreto-Telefono', notes: 'x'.repeat(2001) },
    });
    const read = await ctx.app.inject({ method: 'GET', url, headers });
    expect([ok.statusCode, bad.statusCode, read.statusCode]).toEqual([200, 400, 200]);
    // The log did record these requests (at trace level), only not their contents.
    expect(lines).toContain(apiPath('deviceProfile'));
    for (const secret of [
      'Giuseppina',
      'Garibaldi',
      '555 0101',
      'Diabetica',
      'Marco',
      '333 123',
      'Segreto',
    ]) {
      expect(lines).not.toContain(secret);
    }
  });
});
