import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../helpers/app.js';
import { deviceHeaders, raiseSos, register } from './device/fixtures.js';

/**
 * Text an operator reads cannot lie (docs/hardening.md): every free text shown to operators
 * refuses bidirectional controls, line and paragraph separators and text with nothing
 * visible, with a 400 naming the field; the marks Arabic and Persian need stay accepted.
 * C0/C1 controls (ESC, BEL…) and lone surrogates too: refused, never stored as U+FFFD.
 */
const REFUSED_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u2028',
  '\u2029',
  '\u0000',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009B',
  '\uD800',
  '\uDC00',
].map((c) => ({ label: `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, value: `ab${c}cd` }));
const INVISIBLE = [
  ['only U+200B', '\u200B\u200B\u200B'],
  ['only U+180E', '\u180E'],
  ['U+200B and spaces', '\u200B \u200B'],
  ['only U+2060 and U+FEFF', '\u2060\uFEFF'],
  ['only U+200F', '\u200F'],
  ['only a Hangul filler', '\u3164'],
].map(([label, value]) => ({ label: label!, value: value! }));
const REFUSED = [...REFUSED_CONTROLS, ...INVISIBLE];
/** Arabic with a right-to-left mark, Persian with a zero-width non-joiner. */
const ACCEPTED = [
  { label: 'Arabic with U+200F', value: 'جهاز\u200F رقم ١' },
  { label: 'Persian with U+200C', value: 'می\u200Cخواهم' },
];

interface Field {
  /** How the 400 names it. */
  path: string;
  /** The email travels inside an address: only the refused characters apply to it. */
  invisibleToo?: false;
  /** Whether the accepted texts are tried here (not twice the same username). */
  acceptedToo?: false;
  send(ctx: TestContext, value: string): Promise<LightMyRequestResponse>;
}

let unique = 0;
const profile = (ctx: TestContext, deviceId: number, body: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${apiPath('deviceProfile')}?id=${deviceId}`,
    headers: ctx.bearer(ctx.admin.token),
    payload: body,
  });

function fields(deviceId: () => number, sosId: () => number): Field[] {
  return [
    {
      path: 'body.displayName',
      send: (ctx, value) =>
        ctx.app.inject({
          method: 'POST',
          url: apiPath('deviceRegister'),
          headers: deviceHeaders(ctx),
          payload: { serial: 'text-1', displayName: value },
        }),
    },
    ...(['username', 'email'] as const).map((name) => ({
      path: `body.${name}`,
      ...(name === 'email' ? { invisibleToo: false as const, acceptedToo: false as const } : {}),
      send: (ctx: TestContext, value: string) => {
        const n = ++unique;
        const payload = {
          username: `user-${n}`,
          email: `user-${n}@example.com`,
          password: 'a-good-password',
          [name]: name === 'email' ? `x${value}@example.com` : value,
        };
        return ctx.app.inject({
          method: 'POST',
          url: apiPath('employee'),
          headers: ctx.bearer(ctx.admin.token),
          payload,
        });
      },
    })),
    {
      path: 'body.username',
      acceptedToo: false,
      send: (ctx, value) =>
        ctx.app.inject({
          method: 'PATCH',
          url: apiPath('employee') + `/${ctx.employee.id}`,
          headers: ctx.bearer(ctx.admin.token),
          payload: { username: value, email: 'employee@example.com' },
        }),
    },
    ...(['residentName', 'address', 'notes'] as const).map((name) => ({
      path: `body.${name}`,
      send: (ctx: TestContext, value: string) => profile(ctx, deviceId(), { [name]: value }),
    })),
    ...(['name', 'relation'] as const).map((name) => ({
      path: `body.contacts.0.${name}`,
      send: (ctx: TestContext, value: string) =>
        profile(ctx, deviceId(), { contacts: [{ name: 'Anna', [name]: value }] }),
    })),
    {
      path: 'body.text',
      send: (ctx, value) =>
        ctx.app.inject({
          method: 'POST',
          url: `${apiPath('sosNote')}?sosId=${sosId()}`,
          headers: ctx.bearer(ctx.employee.token),
          payload: { text: value },
        }),
    },
    {
      path: 'body.note',
      send: (ctx, value) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `${apiPath('sosClose')}?sosId=${sosId()}`,
          headers: ctx.bearer(ctx.employee.token),
          payload: { note: value },
        }),
    },
  ];
}

describeOnOneDb('text an operator reads', (kind) => {
  let ctx: TestContext;
  let deviceId = 0;
  let sosId = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    deviceId = (await register(ctx, 'text-1')).json<{ id: number }>().id;
    sosId = (await raiseSos(ctx, 'text-1')).json<{ id: number }>().id;
  });
  afterAll(async () => ctx.close());

  for (const field of fields(
    () => deviceId,
    () => sosId,
  )) {
    it.each(field.invisibleToo === false ? REFUSED_CONTROLS : REFUSED)(
      `${field.path}: %s is a 400 naming the field`,
      async ({ value }) => {
        const res = await field.send(ctx, value);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(res.json().message).toMatch(
          new RegExp(`(^|; )${field.path.replaceAll('.', '\\.')}: `),
        );
      },
    );
  }

  // The closing note last: it closes the SOS the note tests use.
  for (const field of fields(
    () => deviceId,
    () => sosId,
  ).filter((f) => f.acceptedToo !== false)) {
    it.each(ACCEPTED)(`${field.path}: %s is accepted`, async ({ value }) => {
      const res = await field.send(ctx, value);
      expect(res.statusCode).toBeLessThan(300);
    });
  }

  it.each(['.', '..', '-', ':', '_', '._:-'])(
    'a serial %s (no letter, no digit) is a 400 naming the serial',
    async (serial) => {
      for (const name of ['deviceRegister', 'deviceSos', 'deviceHeartbeat'] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: apiPath(name),
          headers: deviceHeaders(ctx),
          payload: { serial, displayName: 'A name' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^body\.serial: /);
      }
    },
  );
});
