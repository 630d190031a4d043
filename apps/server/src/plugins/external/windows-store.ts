import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedWindows } from '../../throttle/shared-windows.js';

/**
 * @fastify/rate-limit's store interface over the shared windows: the plugin builds one
 * store, and a child per route with its own limit (each device API route counts apart).
 */
export function windowsStore(windows: SharedWindows): FastifyRateLimitStoreCtor {
  return class WindowsStore implements FastifyRateLimitStore {
    constructor(
      _params: unknown,
      private readonly scope = 'api',
    ) {}

    incr(
      key: string,
      callback: (err: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      windows.hit(`${this.scope}:${key}`, timeWindow).then(
        ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }

    child(params: Parameters<FastifyRateLimitStore['child']>[0]) {
      // Typed as route options; what the plugin passes is its merged params, the route in routeInfo.
      const route = (params as { routeInfo?: { url?: string; method?: string | string[] } })
        .routeInfo;
      return new WindowsStore(
        params,
        route?.url ? `${String(route.method ?? '')} ${route.url}` : this.scope,
      );
    }
  };
}
