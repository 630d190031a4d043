import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Agent, request } from 'undici';
import { API_KEY_HEADER, apiPath } from '@sos/contract';
import { loginSession, raiseSos, receiverPorts, registerDevices, serialOf } from './api.js';
import { extraCalls } from './fuzz-extra.js';
import { probeClasses } from './fuzz-probe.js';
import { fuzzReceivers } from './fuzz-receivers.js';
import { isErrorBody, send, Tally, type Answer } from './fuzz-send.js';
import { operations, type FuzzRequest, type OpenApiDocument } from './openapi-fuzz.js';
import { createBenchDatabase } from './pg.js';
import { Progress } from './progress.js';
import { API_KEY, ADMIN, startServer } from './server.js';

const CONCURRENCY = 8;
const METRICS_TOKEN = 'bench-metrics-token';
/** The DC-09 receiver's AES-128 key: the fuzz sends frames encrypted with it and without. */
const RECEIVER_KEY = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
/** Kamailio's shared secret: voice is on, its Kamailio run elsewhere (none is needed here). */
const VOICE_SECRET = 'bench-fuzz-voice-secret-0123456789abcdef';
const FORGED =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwicm9sZSI6IlNVUEVSX0FETUlOIiwic2lkIjoieCIsImV4cCI6OTk5OTk5OTk5OX0.forged-signature';
/** Operations that would take the fuzzer's own credentials away: run last, one at a time. */
const LAST = new Set(['POST /api/conf/apiKey']);
/**
 * Operations that end what others act on: closing an SOS (then acknowledging, noting, calling
 * or checking in on it only meets 409), deleting, restoring or purging a device (its deleted
 * SOS is the only technical alarm to dismiss). Sent after every other operation's calls.
 */
const ENDING = new Set([
  'PATCH /api/sos/close',
  'DELETE /api/device/delete',
  'POST /api/device/restore',
  'POST /api/device/purge',
]);

interface Finding {
  call: string;
  status: number;
  body: string;
}

/** The credentials calls are sent with: none, every kind, right and wrong. */
export function credentials(
  admin: string,
  employee: string,
): Array<[string, Record<string, string>]> {
  return [
    ['none', {}],
    ['admin bearer', { authorization: `Bearer ${admin}` }],
    ['employee bearer', { authorization: `Bearer ${employee}` }],
    ['forged bearer', { authorization: `Bearer ${FORGED}` }],
    ['garbage bearer', { authorization: 'Bearer %%%not-a-token' }],
    ['device key', { [API_KEY_HEADER]: API_KEY }],
    ['wrong device key', { [API_KEY_HEADER]: 'not-the-key' }],
    ['bearer and key', { authorization: `Bearer ${admin}`, [API_KEY_HEADER]: API_KEY }],
    ['voice secret', { authorization: `Bearer ${VOICE_SECRET}` }],
  ];
}

/** A browser's push keys: a real P-256 public point and a 16-byte secret, base64url. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  return {
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

async function jsonPost(base: string, path: string, token: string, body: unknown) {
  const res = await request(base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Record<string, unknown> };
}

/** Devices, SOS, employees to aim at, and the values the fuzzer may reuse. */
async function seed(base: string) {
  const admin = await loginSession(base);
  await registerDevices(base, 20);
  const sos = [];
  for (let i = 1; i <= 10; i++) sos.push((await raiseSos(base, serialOf(i))).id);
  const employee = { username: 'fuzz-employee', password: 'fuzz-password' };
  const newUser = (username: string) =>
    jsonPost(base, apiPath('employee'), admin.token, {
      username,
      email: `${username}@example.com`,
      password: employee.password,
      role: 'EMPLOYEE',
    });
  await newUser(employee.username);
  // Employees the fuzzer may edit and delete: never the sessions it calls with.
  const spares = [];
  for (const name of ['fuzz-spare-1', 'fuzz-spare-2', 'fuzz-spare-3'])
    spares.push((await newUser(name)).json.id as number);
  const employeeSession = await loginSession(base, employee.username, employee.password);
  // A session of its own for refreshAuth and logout, which rotate and revoke it.
  const spareSession = await loginSession(base, ADMIN.username, ADMIN.password);
  // A deleted device (to restore, purge) whose SOS is a technical alarm (to dismiss).
  await request(`${base}${apiPath('deviceDelete')}?id=20`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  await request(base + apiPath('deviceSos'), {
    method: 'POST',
    headers: { [API_KEY_HEADER]: API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ serial: serialOf(20) }),
  });
  const deviceIds = Array.from({ length: 20 }, (_, i) => i + 1);
  // The fuzz's own closes and device deletions would close every seeded SOS early, and
  // acknowledging, noting or calling then only ever meets "closed" (a 409): half the SOS are
  // never closed by it, nor their devices (1–10 raised them, in order) deleted.
  const handled = sos.slice(5);
  const keptDevices = new Set([6, 7, 8, 9, 10]);
  // A call needs a phone to call: the resident's, or a contact's (docs/call-out.md).
  for (const id of keptDevices)
    await request(`${base}${apiPath('deviceProfile')}?id=${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        residentName: `Fuzz ${id}`,
        phone: '+39 06 0000 0000',
        contacts: [{ name: 'Figlia', phone: '+39 333 000 0000' }],
      }),
    });
  const known = {
    'path:id': spares,
    id: deviceIds,
    'DELETE /api/device/delete id': deviceIds.filter((id) => !keptDevices.has(id)),
    'PUT /api/device/profile id': deviceIds.filter((id) => !keptDevices.has(id)),
    deviceId: deviceIds,
    sosId: sos,
    'PATCH /api/sos/close sosId': sos.slice(0, 5),
    'POST /api/sos/ack sosId': handled,
    'POST /api/sos/note sosId': handled,
    'POST /api/sos/call sosId': handled,
    'POST /api/sos/call contactIndex': [0],
    // The only standing technical alarm: the SOS of deleted device 20.
    'POST /api/alarms/technical/dismiss deviceId': [20],
    // A subscription needs a real P-256 point, which random bytes never are; its endpoint is
    // a loopback port nothing listens on, so deliveries fail at once and stay on this machine.
    'POST /api/push/subscriptions keys': [browserKeys()],
    'POST /api/push/subscriptions endpoint': ['https://127.0.0.1:9/fuzz-push'],
    serial: Array.from({ length: 20 }, (_, i) => serialOf(i + 1)),
    refresh_token: [spareSession.refreshToken],
    email: ['fuzz-edited@example.com'],
    'POST /api/auth/login username': [ADMIN.username],
    'POST /api/auth/login password': [ADMIN.password],
  };
  return { admin, employee: employeeSession, known };
}

export async function fuzzOne(
  kind: 'embedded' | 'postgres',
  total: number,
  seedValue: number,
  checkWithinMs: number,
) {
  const database = kind === 'postgres' ? await createBenchDatabase('fuzz') : undefined;
  if (database && 'skipped' in database) return { kind, skipped: database.skipped };
  // The per-address throttles would pace one client to a call a second: raised for the run
  // (they have their own attack tests); everything else is as shipped.
  const server = await startServer({
    databaseUrl: database?.url,
    env: {
      SOS_KEY_FAILURES_PER_ADDRESS: '100000',
      SOS_TOKEN_FAILURES_PER_ADDRESS: '100000',
      SOS_LOGIN_FAILURES_PER_ADDRESS: '100000',
      SOS_LOGIN_FAILURES_PER_PAIR: '1000',
      SOS_METRICS_TOKEN: METRICS_TOKEN,
      SOS_DC09_PORT: '0',
      SOS_DC09_KEY: RECEIVER_KEY.toString('hex'),
      SOS_SCAIP_PORT: '0',
      SOS_VOICE_SIP_PORT: '5060',
      SOS_VOICE_MANAGED: 'false',
      SOS_VOICE_SECRET: VOICE_SECRET,
    },
  });
  const agent = new Agent({ connections: CONCURRENCY * 2, keepAliveTimeout: 10_000 });
  try {
    const base = server.url;
    const { admin, employee, known } = await seed(base);
    const doc = (await (await request(base + '/api/openapi.json')).body.json()) as OpenApiDocument;
    const ops = operations(doc, known);
    const perOperation = Math.ceil(total / ops.length);
    const creds = credentials(admin.token, employee.token);
    /** Half the calls carry the operation's right credential, the others every kind in turn. */
    const named = (name: string) => creds.find(([n]) => n === name)!;
    const credFor = (secured: string[], i: number): [string, Record<string, string>] => {
      if (i % 2 === 1) return creds[(i >> 1) % creds.length]!;
      if (secured.includes('apiKey')) return named('device key');
      if (secured.includes('voiceSecret')) return named('voice secret');
      if (secured.includes('bearerAuth')) return named('admin bearer');
      return named('none');
    };
    type Planned = { operation: string; call: FuzzRequest; cred: [string, Record<string, string>] };
    const planned: Planned[] = [];
    const ending: Planned[] = [];
    const last: Planned[] = [];
    ops.forEach((op, n) => {
      const operation = `${op.method} ${op.template}`;
      fc.sample(op.calls, { numRuns: perOperation, seed: seedValue + n }).forEach((call, i) =>
        (LAST.has(operation) ? last : ENDING.has(operation) ? ending : planned).push({
          operation,
          call,
          cred: credFor(op.secured, i),
        }),
      );
    });
    for (const extra of extraCalls(METRICS_TOKEN))
      planned.push({ operation: extra.operation, call: extra.call, cred: named('none') });
    planned.push(...ending);

    const tally = new Tally();
    const fiveHundreds: Finding[] = [];
    const bad4xx: Finding[] = [];
    const failures: Finding[] = [];
    const sendOne = async ({ operation, call, cred }: Planned): Promise<Answer | undefined> => {
      const label = `${call.method} ${call.path.slice(0, 120)} [${cred[0]}]`;
      try {
        const res = await send(agent, base, call, cred[1]);
        tally.add(operation, res);
        if (res.status >= 500)
          fiveHundreds.push({ call: label, status: res.status, body: res.text.slice(0, 200) });
        else if (res.status >= 400 && operation.includes('/api/') && !isErrorBody(res.text))
          bad4xx.push({ call: label, status: res.status, body: res.text.slice(0, 200) });
        return res;
      } catch (err) {
        failures.push({ call: label, status: 0, body: (err as Error).message });
        return undefined;
      }
    };
    let next = 0;
    let sent = 0;
    const progress = new Progress(`${kind}: requests`, planned.length + last.length);
    const worker = async () => {
      while (next < planned.length) {
        await sendOne(planned[next++]!);
        progress.tick(++sent, `5xx so far: ${fiveHundreds.length}`);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // The device key's own operation: one call at a time, the bench's key put back after each
    // change, so no other call ever ran with a key the fuzzer had replaced.
    for (const item of last) {
      const res = await sendOne(item);
      progress.tick(++sent, `5xx so far: ${fiveHundreds.length}`);
      if (res && res.status < 300)
        await jsonPost(base, apiPath('confApiKey'), admin.token, { apiKey: API_KEY });
    }
    const seconds = (performance.now() - started) / 1000;
    const ports = await receiverPorts(base, admin.token);
    const receivers = await fuzzReceivers(ports, RECEIVER_KEY, {
      perCase: Math.ceil(total / 8),
      seed: seedValue,
      checkWithinMs,
    });
    const probe = await probeClasses(base, admin.token, ports, RECEIVER_KEY);
    const health = await request(base + '/healthz').then(
      (r) => r.statusCode,
      () => 0,
    );
    const crashed =
      server.child.exitCode !== null || server.child.signalCode !== null || health !== 200;
    const mustAnswer2xx = new Set(
      extraCalls('')
        .filter((e) => e.expect2xx)
        .map((e) => e.operation),
    );
    const without2xx = tally
      .without2xx()
      .filter((op) => op.includes('/api/') || mustAnswer2xx.has(op));
    return {
      kind,
      operations: tally.byOperation.size,
      requests: planned.length + last.length,
      seconds: Math.round(seconds),
      byStatus: Object.fromEntries([...tally.byStatus].sort(([a], [b]) => a - b)),
      byOperation: Object.fromEntries(tally.byOperation),
      streamsRead: tally.streamsRead,
      streamMessages: tally.streamMessages,
      without2xx,
      /** Why each of them was refused: what a valid call of it still lacks. */
      without2xxRefusals: Object.fromEntries(without2xx.map((op) => [op, tally.refusalsOf(op)])),
      fiveHundreds,
      bad4xx,
      failures,
      crashes: crashed ? 1 : 0,
      receivers,
      probe,
    };
  } finally {
    await agent.close();
    await server.dispose();
    await database?.drop();
  }
}
