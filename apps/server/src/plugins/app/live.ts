import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Writable } from 'node:stream';
import { LIVE_KEEPALIVE_MS } from '@sos/contract';
import {
  broadcastControl,
  CONTROL_CHANNEL,
  parseControl,
  type StreamsToEnd,
} from '../../live/control.js';
import { LiveHub } from '../../live/hub.js';
import { parseCursor, startStream } from '../../live/replay.js';
import { SHUTDOWN } from '../../live/sse.js';
import { newCounters, type LiveStats } from '../../live/stats.js';
import { pruneEvents } from '../../live/store.js';
import { LiveStream } from '../../live/stream.js';

interface LiveClient {
  userId: number;
  sessionId: string;
  /** Unix seconds: the stream ends then (the client refreshes and resumes). */
  tokenExpiresAt: number;
  /** Last-Event-ID as sent (header, or the lastEventId query parameter). */
  lastEventId: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: {
      /** Ends every live stream of a user (deleted), on every server process. */
      disconnectUser(userId: number): Promise<void>;
      /**
       * Ends live streams of a user's sessions on every server process: one session's
       * (logout) or all but one's (his password or role changed; not where he changed it).
       */
      // A property, not a method: the logout route passes it on unbound.
      endSessions: (which: StreamsToEnd) => Promise<void>;
      /** Live streams open on this process. */
      streamCount(): number;
      /** Serves an event stream on a response whose headers are written. */
      open(out: Writable, client: LiveClient): void;
      stats(): LiveStats;
      /** Deletes the events beyond the retention now (it also runs every minute). */
      prune(): Promise<number>;
    };
  }
}

export interface LivePluginOptions {
  /** Events kept for clients that reconnect (SOS_EVENT_RETENTION). */
  retention: number;
  keepAliveMs?: number;
  /** Safety poll of the outbox, for notifications a lost LISTEN connection missed. */
  pollMs?: number;
  pruneMs?: number;
  /** Recent frames kept in memory to replay short disconnections without a query. */
  recentFrames?: number;
}

async function livePlugin(app: FastifyInstance, options: LivePluginOptions) {
  const counters = newCounters();
  const hub = new LiveHub(app.db, counters, app.log, {
    recentFrames: options.recentFrames ?? 2000,
    recentBytes: 8 * 1024 * 1024,
  });
  await hub.start(app.database);
  const unlistenControl = await app.database.listen(CONTROL_CHANNEL, (payload) => {
    const message = parseControl(payload);
    if (message?.op === 'disconnect-user') hub.endUser(message);
    if (message?.op === 'api-key-changed') app.forgetApiKey();
  });

  const prune = async () => pruneEvents(app.db, options.retention);
  const pruneQuietly = () =>
    prune().catch((err: unknown) => app.log.warn({ err }, 'live: pruning the outbox failed'));
  await pruneQuietly();

  const timers = [
    setInterval(() => hub.keepAlive(), options.keepAliveMs ?? LIVE_KEEPALIVE_MS),
    setInterval(() => hub.poll(), options.pollMs ?? 5000),
    setInterval(() => void pruneQuietly(), options.pruneMs ?? 60_000),
  ];
  for (const timer of timers) timer.unref();

  // Here at once; the other processes within the moment their notification takes.
  const endSessions = async (which: StreamsToEnd) => {
    hub.endUser(which);
    await broadcastControl(app.db, { op: 'disconnect-user', ...which });
  };

  app.decorate('live', {
    disconnectUser: (userId: number) => endSessions({ userId }),
    endSessions,
    streamCount: () => hub.streams.size,
    open(out: Writable, client: LiveClient) {
      if (hub.closing) {
        out.end(SHUTDOWN);
        return;
      }
      counters.streamsOpened++;
      const stream = new LiveStream(out, client.userId, client.sessionId, counters, (s) =>
        hub.remove(s),
      );
      stream.endAt(client.tokenExpiresAt * 1000);
      const deps = { hub, db: app.db, counters };
      startStream(deps, stream, parseCursor(client.lastEventId)).catch((err: unknown) => {
        if (!stream.closed) app.log.warn({ err }, 'live: stream start failed');
        stream.end(); // the client reconnects and resumes with Last-Event-ID
      });
      // The user may have been deleted, or the session ended, between authentication and
      // subscription: the notice to end its streams then came too early to reach this one.
      app
        .sessionUser({ userId: client.userId, sessionId: client.sessionId })
        .then((user) => user ?? stream.end())
        .catch(() => {});
    },
    stats: () => ({ ...counters, streamsOpen: hub.streams.size }),
    prune,
  });

  // preClose: before the server waits for open connections, which streams would hold.
  app.addHook('preClose', async () => {
    for (const timer of timers) clearInterval(timer);
    hub.closing = true;
    hub.endAll(SHUTDOWN);
  });
  app.addHook('onClose', async () => {
    await hub.stop();
    await unlistenControl();
  });
}

export default fp(livePlugin, {
  name: 'live',
  dependencies: ['db', 'auth', 'device-auth'],
  fastify: '5.x',
});
