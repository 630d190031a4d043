import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { API_PREFIX, apiPath } from '@sos/contract';

import { addressKey } from '../../throttle/address.js';
import { addFailure, pruneFailures, type FailureCount } from '../../throttle/failures.js';
import { MAX_QUEUE_S, prunePaces, waitForPaceSlot } from '../../throttle/pace.js';
import { tooManyRequests } from '../../throttle/refusals.js';
import { SharedWindows } from '../../throttle/shared-windows.js';
import { windowsStore } from './windows-store.js';
import { bearerToken } from '../../lib/bearer-token.js';

interface ThrottleOptions {
  /** SOS_RATE_LIMIT: /api calls a minute per signed-in user or per client address. */
  rateLimit: number;
  /** SOS_KEY_FAILURES_PER_ADDRESS: wrong device API keys a minute. */
  keyFailuresPerAddress: number;
  /** SOS_TOKEN_FAILURES_PER_ADDRESS: unverifiable bearer tokens a minute. */
  tokenFailuresPerAddress: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one mechanism behind every throttle (docs/security.md): client addresses, failure
     * counters and paces in the database (shared by every process), request windows.
     */
    throttle: {
      /** The client's address as throttles count it (the socket's, or SOS_TRUST_PROXY's). */
      address(request: FastifyRequest): string;
      /** Records an unverifiable bearer token; throws 429 when the address sent too many. */
      tokenFailed(request: FastifyRequest): Promise<void>;
      /** Records a wrong or missing device key and throws: 401, or 429 (paced) past the limit. */
      keyFailed(request: FastifyRequest, refusal: Error): Promise<never>;
      /** Waits for the address's next paced slot (one a second); false when its queue is full. */
      pace(kind: string, address: string): Promise<boolean>;
      /** Request windows shared by the processes (the general and the per-device limits). */
      windows: SharedWindows;
      /**
       * Leaves a route out of the general limit for the requests `trusted` vouches for (a
       * service with its shared secret); every other request to it is counted as usual.
       */
      exempt(path: string, trusted: (request: FastifyRequest) => boolean): void;
    };
  }
}

const MINUTE_S = 60;
/** The longest failure window (login's 5 minutes): older failures are pruned. */
const LONGEST_WINDOW_S = 300;
const PRUNE_MS = 60_000;

/**
 * Routes the general limit leaves alone, each for its own throttle: login (per pair and
 * paced per address: a per-address cap would let anyone behind an office's address lock
 * its colleagues out) and the device API (wrong keys per address, other calls per serial,
 * an SOS with the right key never).
 */
const OWN_THROTTLE = new Set([
  apiPath('login'),
  apiPath('deviceSos'),
  apiPath('deviceRegister'),
  apiPath('deviceHeartbeat'),
]);

async function throttlePlugin(app: FastifyInstance, options: ThrottleOptions) {
  const windows = new SharedWindows(app.db, app.log);
  windows.start();
  const address = (request: FastifyRequest) => addressKey(request.ip);

  const pace = (kind: string, client: string) => waitForPaceSlot(app.db, kind, client);

  const over = (count: FailureCount, limit: number) => count.count >= limit;
  const exemptions = new Map<string, (request: FastifyRequest) => boolean>();

  app.decorate('throttle', {
    address,
    windows,
    pace,
    exempt: (path: string, trusted: (request: FastifyRequest) => boolean) => {
      exemptions.set(path, trusted);
    },
    async tokenFailed(request: FastifyRequest) {
      const scope = { kind: 'token' as const, address: address(request), windowS: MINUTE_S };
      const count = await addFailure(app.db, scope, options.tokenFailuresPerAddress);
      if (over(count, options.tokenFailuresPerAddress)) {
        throw tooManyRequests(
          count.retryAfterS,
          'Too many invalid access tokens from this address: retry later',
        );
      }
    },
    async keyFailed(request: FastifyRequest, refusal: Error): Promise<never> {
      const client = address(request);
      const scope = { kind: 'api_key' as const, address: client, windowS: MINUTE_S };
      const count = await addFailure(app.db, scope, options.keyFailuresPerAddress);
      if (!over(count, options.keyFailuresPerAddress)) throw refusal;
      // A guesser is answered once a second, one call at a time; a full queue at once.
      const paced = await pace('api_key', client);
      throw tooManyRequests(
        paced ? count.retryAfterS : MAX_QUEUE_S,
        'Too many wrong device API keys from this address: retry later',
      );
    },
  });

  // The general limit: keyed on the verified user, else on the address (never on what the
  // client merely claims), and an app-wide hook, so it runs before any route's own
  // authentication: a refused token is counted too.
  await app.register(rateLimit, {
    global: false,
    store: windowsStore(windows),
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl / 1000),
  } satisfies RateLimitPluginOptions);
  const general = app.createRateLimit({
    max: options.rateLimit,
    timeWindow: MINUTE_S * 1000,
    keyGenerator: async (request) => {
      const token = bearerToken(request);
      const claims = token ? await app.tokens.verifyAccess(token).catch(() => null) : null;
      return claims ? `user:${claims.userId}` : `address:${address(request)}`;
    },
  });
  app.addHook('onRequest', async (request) => {
    // The route's pattern (a trailing slash or an encoded path still names the route).
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (!path.startsWith(API_PREFIX + '/') || OWN_THROTTLE.has(path)) return;
    if (exemptions.get(path)?.(request)) return;
    const verdict = await general(request);
    if (verdict.isAllowed || !verdict.isExceeded) return;
    throw tooManyRequests(verdict.ttlInSeconds);
  });

  const prune = async () => {
    await pruneFailures(app.db, LONGEST_WINDOW_S);
    await prunePaces(app.db);
    await windows.prune();
  };
  const timer = setInterval(() => {
    prune().catch((err: unknown) => app.log.warn({ err }, 'throttle: pruning the counters failed'));
  }, PRUNE_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await windows.stop();
  });
}

export default fp(throttlePlugin, { name: 'throttle', dependencies: ['db'], fastify: '5.x' });
