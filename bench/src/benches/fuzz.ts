import fc from 'fast-check';
import { Agent, request } from 'undici';
import { API_KEY_HEADER, apiPath } from '@sos/contract';
import { loginSession, raiseSos, registerDevices, serialOf } from '../lib/api.js';
import type { Bench } from '../lib/bench.js';
import { createBenchDatabase } from '../lib/pg.js';
import { operations, type FuzzRequest, type OpenApiDocument } from '../lib/openapi-fuzz.js';
import { printTable } from '../lib/report.js';
import { API_KEY, startServer } from '../lib/server.js';
import { pick } from '../lib/size.js';

const CONCURRENCY = 8;
const FORGED =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwicm9sZSI6IlNVUEVSX0FETUlOIiwic2lkIjoieCIsImV4cCI6OTk5OTk5OTk5OX0.forged-signature';

interface Finding {
  call: string;
  status: number;
  body: string;
}

/** The credentials each call is sent with, in turn: none, every kind, right and wrong. */
function credentials(admin: string, employee: string): Array<[string, Record<string, string>]> {
  return [
    ['none', {}],
    ['admin bearer', { authorization: `Bearer ${admin}` }],
    ['employee bearer', { authorization: `Bearer ${employee}` }],
    ['forged bearer', { authorization: `Bearer ${FORGED}` }],
    ['garbage bearer', { authorization: 'Bearer %%%not-a-token' }],
    ['device key', { [API_KEY_HEADER]: API_KEY }],
    ['wrong device key', { [API_KEY_HEADER]: 'not-the-key' }],
    ['bearer and key', { authorization: `Bearer ${admin}`, [API_KEY_HEADER]: API_KEY }],
  ];
}

async function send(
  agent: Agent,
  base: string,
  call: FuzzRequest,
  headers: Record<string, string>,
) {
  const query = new URLSearchParams(call.query).toString();
  const body =
    call.body === undefined
      ? undefined
      : 'raw' in call.body
        ? call.body.raw
        : JSON.stringify(call.body.json);
  const res = await request(`${base}${call.path}${query ? `?${query}` : ''}`, {
    method: call.method as 'GET',
    dispatcher: agent,
    headers: {
      ...call.headers,
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  // The live stream never ends by itself: its status and headers are the answer.
  if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    res.body.destroy();
    return { status: res.statusCode, type: 'text/event-stream', text: '' };
  }
  return {
    status: res.statusCode,
    type: String(res.headers['content-type'] ?? ''),
    text: await res.body.text(),
  };
}

const isErrorBody = (text: string) => {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    return (
      typeof body.statusCode === 'number' &&
      typeof body.error === 'string' &&
      typeof body.message === 'string' &&
      typeof body.code === 'string' &&
      body.code !== ''
    );
  } catch {
    return false;
  }
};

async function fuzzOne(kind: 'embedded' | 'postgres', total: number, seed: number) {
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
    },
  });
  const agent = new Agent({ connections: CONCURRENCY * 2, keepAliveTimeout: 10_000 });
  try {
    const base = server.url;
    const admin = await loginSession(base);
    // Something to aim at: devices, SOS, an employee.
    await registerDevices(base, 20);
    const sos = [];
    for (let i = 1; i <= 10; i++) sos.push((await raiseSos(base, serialOf(i))).id);
    const created = await request(base + apiPath('employee'), {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'fuzz-employee',
        email: 'fuzz@example.com',
        password: 'fuzz-password',
        role: 'EMPLOYEE',
      }),
    });
    const employeeId = ((await created.body.json()) as { id: number }).id;
    const employee = await loginSession(base, 'fuzz-employee', 'fuzz-password');
    const doc = (await (await request(base + '/api/openapi.json')).body.json()) as OpenApiDocument;
    const ids = [...Array.from({ length: 20 }, (_, i) => i + 1), ...sos, employeeId];
    const ops = operations(doc, ids);
    const perOperation = Math.ceil(total / ops.length);
    const calls = ops.flatMap((op, i) =>
      fc.sample(op.calls, { numRuns: perOperation, seed: seed + i }),
    );
    const creds = credentials(admin.token, employee.token);

    const statuses = new Map<number, number>();
    const fiveHundreds: Finding[] = [];
    const bad4xx: Finding[] = [];
    const failures: Finding[] = [];
    let next = 0;
    const worker = async () => {
      while (next < calls.length) {
        const i = next++;
        const call = calls[i]!;
        const [credName, headers] = creds[i % creds.length]!;
        const label = `${call.method} ${call.path} [${credName}]`;
        try {
          const res = await send(agent, base, call, headers);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500)
            fiveHundreds.push({ call: label, status: res.status, body: res.text.slice(0, 200) });
          else if (res.status >= 400 && !isErrorBody(res.text))
            bad4xx.push({ call: label, status: res.status, body: res.text.slice(0, 200) });
        } catch (err) {
          failures.push({ call: label, status: 0, body: (err as Error).message });
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const health = await request(base + '/healthz').then(
      (r) => r.statusCode,
      () => 0,
    );
    const crashed =
      server.child.exitCode !== null || server.child.signalCode !== null || health !== 200;
    return {
      kind,
      operations: ops.length,
      requests: calls.length,
      seconds: Math.round(seconds),
      byStatus: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
      fiveHundreds,
      bad4xx,
      failures,
      crashes: crashed ? 1 : 0,
    };
  } finally {
    await agent.close();
    await server.dispose();
    await database?.drop();
  }
}

/**
 * Fuzzing from the OpenAPI document (/api/openapi.json): every operation, valid calls,
 * calls with one field wrong and hostile ones, each sent with no credential and with every
 * kind (bearer of each role, forged, garbage, the device key, a wrong one). The verdict: no
 * 5xx, no crash, every 4xx a JSON error with a code; anything else fails the bench.
 */
const fuzz: Bench = {
  name: 'fuzz',
  summary:
    '≥ 10,000 requests generated from the OpenAPI document: 5xx, crashes, 4xx without a JSON error',
  async run(ctx) {
    const total = pick(ctx.size, 300, 10_000);
    const runs = [];
    const notes: string[] = [];
    for (const [i, kind] of (['embedded', 'postgres'] as const).entries()) {
      const run = await fuzzOne(kind, total, 7919 * (i + 1));
      if ('skipped' in run) notes.push(`${kind} skipped: ${run.skipped}`);
      else runs.push(run);
    }
    printTable(
      `fuzz: every operation of /api/openapi.json, valid / broken / hostile, ${credentials('', '').length} kinds of credential`,
      runs.map((r) => ({
        database: r.kind,
        operations: r.operations,
        requests: r.requests,
        seconds: r.seconds,
        '2xx': sum(r.byStatus, 200, 299),
        '4xx': sum(r.byStatus, 400, 499),
        '5xx': r.fiveHundreds.length,
        '4xx without a JSON error': r.bad4xx.length,
        'transport errors': r.failures.length,
        crashes: r.crashes,
      })),
    );
    const findings = runs.flatMap((r) => [...r.fiveHundreds, ...r.bad4xx, ...r.failures]);
    for (const finding of findings.slice(0, 20))
      console.log(`  ${finding.status} ${finding.call}: ${finding.body}`);
    const crashes = runs.reduce((n, r) => n + r.crashes, 0);
    if (findings.length > 0 || crashes > 0)
      throw new Error(`fuzz: ${findings.length} bad answers, ${crashes} crashes`);
    return {
      results: { total, runs },
      targets: runs.map((r) => ({
        what: `${r.kind}: 5xx, crashes, 4xx without a JSON error`,
        target: '0',
        value: 0,
        met: true,
      })),
      notes: [...notes, 'statuses per run in results.runs[].byStatus'],
    };
  },
};

const sum = (byStatus: Record<string, number>, from: number, to: number) =>
  Object.entries(byStatus).reduce(
    (n, [status, count]) => (Number(status) >= from && Number(status) <= to ? n + count : n),
    0,
  );

export default fuzz;
