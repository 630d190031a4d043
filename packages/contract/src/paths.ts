/** Every HTTP path of the API, relative to API_PREFIX (spec §7 and DESIGN §3). */
export const API_PREFIX = '/api';

export const PATHS = {
  login: '/auth/login',
  refreshAuth: '/auth/refreshAuth',
  logout: '/auth/logout',
  sosRealTime: '/sos/realTime',
  sosGetAll: '/sos/getAll',
  sosClose: '/sos/close',
  deviceGetAll: '/device/getAll',
  deviceDelete: '/device/delete',
  employee: '/employee',
  employeeById: '/employee/:id',
  confApiKey: '/conf/apiKey',
  deviceRegister: '/device/register',
  deviceSos: '/device/sos',
  deviceHeartbeat: '/device/heartbeat',
} as const;

export type PathName = keyof typeof PATHS;

/** Full URL path of a route, e.g. apiPath('login') === '/api/auth/login'. */
export function apiPath(name: PathName): string {
  return API_PREFIX + PATHS[name];
}

export const API_KEY_HEADER = 'x-api-key';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** GET /api/device/getAll: the last live event its list includes (DESIGN §7). */
export const LAST_EVENT_ID_HEADER = 'x-last-event-id';
