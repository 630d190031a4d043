import { and, eq, sql } from 'drizzle-orm';
import { apiPath, type CheckInWindow } from '@sos/contract';
import type { Tx } from '../../src/db/client.js';
import { expectations, sos } from '../../src/db/schema.js';
import type { TestContext } from '../helpers/app.js';
import { deviceHeaders, register } from '../routes/device/fixtures.js';

/** A registered device's id. */
export async function device(ctx: TestContext, serial: string): Promise<number> {
  return (await register(ctx, serial)).json<{ id: number }>().id;
}

export function putCheckIns(ctx: TestContext, id: number, checkIns: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: `${apiPath('deviceProfile')}?id=${id}`,
    headers: ctx.bearer(ctx.admin.token),
    payload: { residentName: 'Anna', checkIns },
  });
}

export function patchSupervision(
  ctx: TestContext,
  id: number,
  body: unknown,
  token = ctx.admin.token,
) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `${apiPath('deviceSupervision')}?id=${id}`,
    headers: ctx.bearer(token),
    payload: body as object,
  });
}

export function deviceCall(ctx: TestContext, path: 'deviceTest' | 'deviceCheckin', serial: string) {
  return ctx.app.inject({
    method: 'POST',
    url: apiPath(path),
    headers: deviceHeaders(ctx),
    payload: { serial },
  });
}

export const EVERY_DAY: CheckInWindow['days'] = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/**
 * Moves the device's pending expectation of that kind into the past, as if its window had run
 * from `startedSecondsAgo` to `endedSecondsAgo` (the engine's clock is the database's).
 */
export function endedAgo(
  db: Tx,
  id: number,
  kind: 'TEST' | 'CHECK_IN',
  endedSecondsAgo: number,
  startedSecondsAgo = endedSecondsAgo + 7200,
) {
  return db
    .update(expectations)
    .set({
      dueAt: sql`now() - make_interval(secs => ${endedSecondsAgo})`,
      windowStart: sql`now() - make_interval(secs => ${startedSecondsAgo})`,
    })
    .where(and(eq(expectations.deviceId, id), eq(expectations.kind, kind)));
}

/** The device's SOS, oldest first. */
export const sosOf = (db: Tx, id: number) =>
  db.select().from(sos).where(eq(sos.deviceId, id)).orderBy(sos.id);

export const timelineOf = async (ctx: TestContext, sosId: number) =>
  (
    await ctx.app.inject({
      url: `${apiPath('sosTimeline')}?sosId=${sosId}`,
      headers: ctx.bearer(ctx.employee.token),
    })
  ).json<Array<{ type: string; text: string | null; by: { username: string } | null }>>();

export const technicalOf = async (ctx: TestContext) =>
  (
    await ctx.app.inject({
      url: apiPath('alarmsTechnical'),
      headers: ctx.bearer(ctx.employee.token),
    })
  ).json<Array<{ type: string; device: { id: number } }>>();
