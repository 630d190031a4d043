import { apiPath, type PathName } from '@sos/contract';
import type { TestContext } from '../../helpers/app.js';

/** The alarm-handling calls (docs/alarm-handling.md) as the console makes them. */
const call = (
  ctx: TestContext,
  method: 'POST' | 'PATCH' | 'GET',
  path: PathName,
  query: string,
  token: string,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url: `${apiPath(path)}?${query}`,
    headers: ctx.bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

export const ackSos = (
  ctx: TestContext,
  sosId: number | string,
  token: string,
  takeOver?: string,
) =>
  call(
    ctx,
    'POST',
    'sosAck',
    `sosId=${sosId}${takeOver === undefined ? '' : `&takeOver=${takeOver}`}`,
    token,
  );

export const addNote = (
  ctx: TestContext,
  sosId: number | string,
  token: string,
  payload: unknown,
) => call(ctx, 'POST', 'sosNote', `sosId=${sosId}`, token, payload);

export const timelineOf = (ctx: TestContext, sosId: number | string, token = ctx.employee.token) =>
  call(ctx, 'GET', 'sosTimeline', `sosId=${sosId}`, token);

export const closeWith = (ctx: TestContext, sosId: number, token: string, payload: unknown) =>
  call(ctx, 'PATCH', 'sosClose', `sosId=${sosId}`, token, payload);

export const logCall = (
  ctx: TestContext,
  sosId: number | string,
  token: string,
  payload: unknown,
) => call(ctx, 'POST', 'sosCall', `sosId=${sosId}`, token, payload);

/** Writes a device's resident profile as a super administrator would. */
export const putProfile = (ctx: TestContext, deviceId: number, profile: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${apiPath('deviceProfile')}?id=${deviceId}`,
    headers: ctx.bearer(ctx.admin.token),
    payload: profile as object,
  });
