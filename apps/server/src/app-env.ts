import type { Env } from './env.js';

/** The variables the application itself reads (buildApp, the route plugins). */
export type AppEnv = Pick<
  Env,
  | 'SOS_JWT_SECRET'
  | 'SOS_ACCESS_TOKEN_TTL_S'
  | 'SOS_REFRESH_TOKEN_TTL_S'
  | 'SOS_EVENT_RETENTION'
  | 'SOS_DEVICE_RATE_LIMIT'
  | 'SOS_RATE_LIMIT'
  | 'TZ'
  | 'SOS_LOGIN_FAILURES_PER_PAIR'
  | 'SOS_LOGIN_FAILURES_PER_ADDRESS'
  | 'SOS_KEY_FAILURES_PER_ADDRESS'
  | 'SOS_TOKEN_FAILURES_PER_ADDRESS'
  | 'SOS_TRUST_PROXY'
  | 'SOS_METRICS_TOKEN'
> &
  // Optional here, so an app built without them (the tests) pushes with the defaults.
  Partial<Pick<Env, 'SOS_VAPID_SUBJECT' | 'SOS_PUSH_ALLOW_HTTP'>>;

/** What each route plugin receives (app.ts registers them under /api). */
export interface RouteOptions {
  env: AppEnv;
}
