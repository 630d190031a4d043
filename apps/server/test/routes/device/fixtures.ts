import { asc, gt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import {
  API_KEY_HEADER,
  apiPath,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  sosSchema,
} from '@sos/contract';
import { events } from '../../../src/db/schema.js';
import type { TestContext } from '../../helpers/app.js';

/** Shared by the device, SOS and device API suites: calls as a device would make them. */
export const deviceHeaders = (ctx: TestContext) => ({ [API_KEY_HEADER]: ctx.apiKey });

export function register(ctx: TestContext, serial: string, displayName: string = serial) {
  return ctx.app.inject({
    method: 'POST',
    url: apiPath('deviceRegister'),
    headers: deviceHeaders(ctx),
    payload: { serial, displayName },
  });
}

export function raiseSos(ctx: TestContext, serial: string, idempotencyKey?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: apiPath('deviceSos'),
    headers: {
      ...deviceHeaders(ctx),
      ...(idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
    },
    payload: { serial },
  });
}

/** A heartbeat, with the battery level (%) the device reports when given. */
export function heartbeat(ctx: TestContext, serial: string, battery?: number) {
  return ctx.app.inject({
    method: 'POST',
    url: apiPath('deviceHeartbeat'),
    headers: deviceHeaders(ctx),
    payload: battery === undefined ? { serial } : { serial, battery },
  });
}

export function closeSos(ctx: TestContext, sosId: number | string, token = ctx.employee.token) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `${apiPath('sosClose')}?sosId=${sosId}`,
    headers: ctx.bearer(token),
  });
}

export function deleteDevice(ctx: TestContext, id: number | string, token = ctx.admin.token) {
  return ctx.app.inject({
    method: 'DELETE',
    url: `${apiPath('deviceDelete')}?id=${id}`,
    headers: ctx.bearer(token),
  });
}

/** A registered device with an open SOS; returns both ids. */
export async function deviceWithOpenSos(ctx: TestContext, serial: string, name = serial) {
  const device = (await register(ctx, serial, name)).json<{ id: number }>();
  const sos = sosSchema.parse((await raiseSos(ctx, serial)).json());
  return { deviceId: device.id, sosId: sos.id };
}

/** The newest outbox id: compare with eventsAfter() to see what a request wrote. */
export async function lastEventId(ctx: TestContext): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: sql<string>`coalesce(max(${events.id}), 0)` })
    .from(events);
  return Number(row?.id ?? 0);
}

export async function eventsAfter(ctx: TestContext, id: number) {
  const rows = await ctx.database.db
    .select()
    .from(events)
    .where(gt(events.id, id))
    .orderBy(asc(events.id));
  return rows.map((row) => ({ type: row.type, data: JSON.parse(row.data) as unknown }));
}

/** Property tests' verdict: never a 5xx, and every refusal in the error shape. */
export function expectNoServerError(res: { statusCode: number; json(): unknown }): void {
  expect(res.statusCode).toBeLessThan(500);
  if (res.statusCode >= 400) errorResponseSchema.parse(res.json());
}

/** Query values a client might send in place of an id. */
export const idLike = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.integer().map(String),
  fc.bigInt().map(String),
  fc.double().map(String),
  fc.constantFrom('', '0', '-1', '1e999', 'NaN', 'null', '[]', '0x10', ' 1 ', '1'.repeat(500)),
);

/** JSON bodies a broken or hostile device might send. */
export const bodyLike = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      serial: fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.jsonValue()),
      displayName: fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        // Control characters, NUL and lone surrogates included.
        fc.string({ unit: 'binary', maxLength: 120 }),
        fc.jsonValue(),
      ),
    },
    { requiredKeys: [] },
  ),
  fc.constant({ serial: 's'.repeat(200_000) }),
);
