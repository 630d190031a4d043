/**
 * Heartbeat generator of the fleet bench, on the load generators' core: POST
 * /api/device/heartbeat at a fixed rate over keep-alive connections, devices in turn.
 */
import { Pool } from 'undici';
import { API_KEY_HEADER, apiPath } from '@sos/contract';
import { serialOf } from '../lib/api.js';
import { sleep, wallNow } from '../lib/clock.js';
import { summarize } from '../lib/stats.js';
import { answerOneRun } from './one-run.js';
import type { HeartbeatCommand, HeartbeatReport } from '../lib/fleet-protocol.js';

/**
 * Connections in use = rate × time to answer (Little's law): a heartbeat waits up to a batch
 * interval (100 ms) plus its write, so at 1,667/s 256 connections were all busy and the
 * heartbeats queued in this client, not in the server. One connection per device, as a real
 * fleet has, up to this many.
 */
const MAX_CONNECTIONS = 4000;
const TICK_MS = 5;
const ANSWER_TIMEOUT_MS = 30_000;

async function run(command: HeartbeatCommand): Promise<HeartbeatReport> {
  // A heartbeat unanswered after ANSWER_TIMEOUT_MS counts as an error: a server falling
  // behind the rate then yields a report, not an ever-growing queue.
  const pool = new Pool(command.url, {
    connections: Math.min(MAX_CONNECTIONS, command.devices),
    keepAliveTimeout: 60_000,
    headersTimeout: ANSWER_TIMEOUT_MS,
    bodyTimeout: ANSWER_TIMEOUT_MS,
  });
  const path = apiPath('deviceHeartbeat');
  const from = command.startAt + command.warmupMs;
  const until = from + command.durationMs;
  const latencies: number[] = [];
  const sendLags: number[] = [];
  const errorSamples: string[] = [];
  let sent = 0;
  let answered204 = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const beat = (index: number, scheduledAt: number) => {
    const counted = scheduledAt >= from && scheduledAt < until;
    if (counted) sendLags.push(wallNow() - scheduledAt);
    const serial = serialOf((index % command.devices) + 1);
    const body = JSON.stringify({ serial, battery: 20 + (index % 80) });
    const call = pool
      .request({
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: command.apiKey },
        body,
      })
      .then(async (res) => {
        const text = await res.body.text();
        if (!counted) return;
        if (res.statusCode === 204) {
          answered204++;
          latencies.push(wallNow() - scheduledAt);
        } else {
          errors++;
          if (errorSamples.length < 5)
            errorSamples.push(`HTTP ${res.statusCode} ${text.slice(0, 120)}`);
        }
      })
      .catch((err: unknown) => {
        if (!counted) return;
        errors++;
        if (errorSamples.length < 5) errorSamples.push(String(err));
      })
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
    if (counted) sent++;
  };
  await sleep(Math.max(0, command.startAt - wallNow()));
  let index = 0;
  // Each tick sends what the schedule owes: heartbeat i is due at startAt + i / rate.
  for (let now = wallNow(); now < until; now = wallNow()) {
    const due = Math.floor(((now - command.startAt) / 1000) * command.rate);
    for (; index < due; index++) beat(index, command.startAt + (index / command.rate) * 1000);
    await sleep(TICK_MS);
  }
  // The last tick's share, so that the window holds exactly rate × seconds heartbeats.
  const last = Math.floor(((until - command.startAt) / 1000) * command.rate);
  for (; index < last; index++) beat(index, command.startAt + (index / command.rate) * 1000);
  await Promise.all(inFlight);
  await pool.close();
  return {
    type: 'done',
    sent,
    answered204,
    errors,
    errorSamples,
    latencyMs: summarize(latencies),
    sendLagMs: summarize(sendLags),
  };
}

answerOneRun(run);
