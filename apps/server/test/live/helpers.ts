import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPath,
  SOS_HANDLING_UNSET,
  type LiveEventData,
  type LiveEventName,
  type Sos,
} from '@sos/contract';
import type { Database, Db } from '../../src/db/client.js';
import { sql } from 'drizzle-orm';
import { events } from '../../src/db/schema.js';
import { appendEvent, EVENTS_CHANNEL } from '../../src/live/outbox.js';
import errorsPlugin from '../../src/plugins/app/errors.js';
import { zodSchemaController } from '../../src/lib/zod-schemas.js';
import dbPlugin from '../../src/plugins/external/db.js';
import authPlugin from '../../src/plugins/app/auth.js';
import throttlePlugin from '../../src/plugins/external/throttle.js';
import deviceAuthPlugin from '../../src/plugins/app/device-auth.js';
import livePlugin, { type LivePluginOptions } from '../../src/plugins/app/live.js';
import liveRoutes from '../../src/routes/live/index.js';
import { TEST_ENV } from '../helpers/app.js';

/** Listens on a free local port; returns the stream's URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address + apiPath('sosRealTime');
}

/** A valid contract SOS (new-sos / new-sos-closed data). */
export function sampleSos(id: number, displayName = `Device ${id}`): Sos {
  const at = new Date(Date.UTC(2025, 0, 1, 12, 0, id % 60)).toISOString();
  return {
    id,
    state: 'OPEN',
    dateCreated: at,
    lastUpdated: at,
    dateClosed: null,
    closedBy: null,
    ...SOS_HANDLING_UNSET,
    device: { id: 1000 + id, displayName },
  };
}

/** Appends events in one committed transaction, as the repositories do; returns their ids. */
export async function append<N extends LiveEventName>(
  db: Db,
  ...items: Array<[N, LiveEventData<N>]>
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const [type, data] of items) ids.push(await appendEvent(tx, type, data));
    return ids;
  });
}

/** Raises `count` SOS events, each in its own transaction. */
export async function raiseSos(db: Db, count: number, firstSosId = 1): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(...(await append(db, ['new-sos', sampleSos(firstSosId + i)])));
  }
  return ids;
}

/**
 * What another server process's raise looks like from here: rows in the outbox and that
 * process's wake-up NOTIFY; this process's hub is not woken directly.
 */
export async function raiseSosElsewhere(db: Db, count: number, firstSosId = 1): Promise<number[]> {
  const rows = await db
    .insert(events)
    .values(
      Array.from({ length: count }, (_, i) => ({
        type: 'new-sos',
        data: JSON.stringify(sampleSos(firstSosId + i)),
      })),
    )
    .returning({ id: events.id });
  await db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, 'another-process')`);
  return rows.map((row) => row.id);
}

/** Only what the stream needs, with live options a full app does not expose (short timers). */
export async function buildLiveApp(
  database: Database,
  live: Partial<LivePluginOptions> = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    schemaController: zodSchemaController,
  }).withTypeProvider<ZodTypeProvider>();
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database, closeOnExit: false });
  await app.register(throttlePlugin, {
    rateLimit: TEST_ENV.SOS_RATE_LIMIT,
    keyFailuresPerAddress: TEST_ENV.SOS_KEY_FAILURES_PER_ADDRESS,
    tokenFailuresPerAddress: TEST_ENV.SOS_TOKEN_FAILURES_PER_ADDRESS,
  });
  await app.register(authPlugin, {
    jwtSecret: TEST_ENV.SOS_JWT_SECRET,
    accessTokenTtlS: TEST_ENV.SOS_ACCESS_TOKEN_TTL_S,
  });
  await app.register(deviceAuthPlugin);
  await app.register(livePlugin, { retention: TEST_ENV.SOS_EVENT_RETENTION, ...live });
  await app.register(liveRoutes, { prefix: '/api', env: TEST_ENV });
  await app.ready();
  return app;
}
