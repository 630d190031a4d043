import { randomUUID } from 'node:crypto';
import { Agent, request, type Dispatcher } from 'undici';
import {
  API_KEY_HEADER,
  apiPath,
  IDEMPOTENCY_KEY_HEADER,
  type AlarmConf,
  type ReceiverStatus,
} from '@sos/contract';
import { ADMIN, API_KEY } from './server.js';

/** The few API calls the benches make, over undici (the simulator's HTTP client). */
export const setupAgent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

async function call(
  method: Dispatcher.HttpMethod,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  dispatcher: Dispatcher = setupAgent,
): Promise<{ status: number; json: unknown }> {
  const res = await request(url, {
    method,
    dispatcher,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = text;
  }
  return { status: res.statusCode, json };
}

/** Signs in (the admin by default): the access token and who it is. */
export async function loginSession(
  base: string,
  username: string = ADMIN.username,
  password: string = ADMIN.password,
) {
  const res = await call('POST', base + apiPath('login'), {}, { username, password });
  const body = res.json as
    { access_token?: string; refresh_token?: string; id?: number; username?: string } | undefined;
  if (res.status !== 200 || !body?.access_token || typeof body.id !== 'number') {
    throw new Error(`login failed (${res.status}): ${JSON.stringify(res.json)}`);
  }
  return {
    token: body.access_token,
    refreshToken: body.refresh_token ?? '',
    id: body.id,
    username: body.username ?? username,
  };
}

export const login = async (base: string) => (await loginSession(base)).token;

export const serialOf = (i: number) => `BENCH-${String(i).padStart(6, '0')}`;
export const nameOf = (i: number) => `Bench device ${String(i).padStart(6, '0')}`;

/** Registers devices 1..count (serialOf/nameOf), `concurrency` calls at a time. */
export async function registerDevices(
  base: string,
  count: number,
  concurrency = 32,
): Promise<void> {
  let next = 1;
  const worker = async () => {
    while (next <= count) {
      const i = next++;
      const res = await call(
        'POST',
        base + apiPath('deviceRegister'),
        { [API_KEY_HEADER]: API_KEY },
        {
          serial: serialOf(i),
          displayName: nameOf(i),
        },
      );
      if (res.status !== 201 && res.status !== 200) {
        throw new Error(
          `register ${serialOf(i)} failed (${res.status}): ${JSON.stringify(res.json)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** POST /api/device/sos; the SOS id of the answer (201 new, 200 already open). */
export async function raiseSos(base: string, serial: string, dispatcher?: Dispatcher) {
  const res = await call(
    'POST',
    base + apiPath('deviceSos'),
    { [API_KEY_HEADER]: API_KEY, [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    { serial },
    dispatcher,
  );
  const id = (res.json as { id?: number } | undefined)?.id;
  if ((res.status !== 201 && res.status !== 200) || typeof id !== 'number') {
    throw new Error(`SOS of ${serial} failed (${res.status}): ${JSON.stringify(res.json)}`);
  }
  return { status: res.status, id };
}

export async function closeSos(
  base: string,
  token: string,
  sosId: number,
  dispatcher?: Dispatcher,
) {
  const res = await call(
    'PATCH',
    `${base}${apiPath('sosClose')}?sosId=${sosId}`,
    { authorization: `Bearer ${token}` },
    undefined,
    dispatcher,
  );
  if (res.status !== 200)
    throw new Error(`close SOS ${sosId} failed (${res.status}): ${JSON.stringify(res.json)}`);
}

/** POST /api/conf/alarm as the admin (e.g. an acknowledgement target no run reaches). */
export async function setAlarmConf(base: string, token: string, update: Partial<AlarmConf>) {
  const res = await call(
    'POST',
    base + apiPath('confAlarm'),
    { authorization: `Bearer ${token}` },
    update,
  );
  if (res.status !== 200)
    throw new Error(`alarm settings refused (${res.status}): ${JSON.stringify(res.json)}`);
}

/** The ports the alarm receivers listen on (the server was started with port 0 for each). */
export async function receiverPorts(
  url: string,
  token: string,
): Promise<Record<'DC09' | 'SCAIP', number>> {
  const list = (
    await call(
      'GET',
      url + apiPath('confReceivers'),
      { authorization: `Bearer ${token}` },
      undefined,
    )
  ).json as ReceiverStatus[];
  const port = (p: 'DC09' | 'SCAIP') => list.find((r) => r.protocol === p && r.listening)?.port;
  const dc09 = port('DC09');
  const scaip = port('SCAIP');
  if (!dc09 || !scaip) throw new Error(`receivers not listening: ${JSON.stringify(list)}`);
  return { DC09: dc09, SCAIP: scaip };
}
