/** Every HTTP path of the API, relative to API_PREFIX (docs/console.md and docs/contract.md). */
export const API_PREFIX = '/api';

export const PATHS = {
  login: '/auth/login',
  refreshAuth: '/auth/refreshAuth',
  logout: '/auth/logout',
  sosRealTime: '/sos/realTime',
  sosGetAll: '/sos/getAll',
  sosClose: '/sos/close',
  sosAck: '/sos/ack',
  sosNote: '/sos/note',
  sosTimeline: '/sos/timeline',
  sosCall: '/sos/call',
  sosStats: '/sos/stats',
  sosHistory: '/sos/history',
  sosHistoryCsv: '/sos/history.csv',
  deviceGetAll: '/device/getAll',
  deviceDelete: '/device/delete',
  employee: '/employee',
  employeeById: '/employee/:id',
  confApiKey: '/conf/apiKey',
  confAlarm: '/conf/alarm',
  /** The alarm receivers' status (DC-09, SCAIP): super administrators only. */
  confReceivers: '/conf/receivers',
  deviceRegister: '/device/register',
  deviceSos: '/device/sos',
  deviceHeartbeat: '/device/heartbeat',
  // Device health and the person behind the device (docs/alarm-handling.md).
  deviceProfile: '/device/profile',
  /** Live last contact of the cards on screen (docs/shift.md). */
  deviceContacts: '/device/contacts',
  deviceDeleted: '/device/deleted',
  deviceRename: '/device/rename',
  deviceRestore: '/device/restore',
  devicePurge: '/device/purge',
  // Expected events (docs/expected-events.md).
  deviceSupervision: '/device/supervision',
  deviceExpectations: '/device/expectations',
  deviceTest: '/device/test',
  deviceCheckin: '/device/checkin',
  sosCheckin: '/sos/checkin',
  alarmsTechnical: '/alarms/technical',
  alarmsTechnicalDismiss: '/alarms/technical/dismiss',
  // The audit log (docs/audit.md).
  audit: '/audit',
  auditCsv: '/audit.csv',
  auditVerify: '/audit/verify',
  // Web Push (docs/push.md).
  pushKey: '/push/key',
  pushSubscriptions: '/push/subscriptions',
  // Voice (docs/voice.md): the softphone's credentials; Kamailio's events and routing questions.
  voiceCredentials: '/voice/credentials',
  voiceEvents: '/voice/events',
  voiceRoute: '/voice/route',
} as const;

export type PathName = keyof typeof PATHS;

/** Full URL path of a route, e.g. apiPath('login') === '/api/auth/login'. */
export function apiPath(name: PathName): string {
  return API_PREFIX + PATHS[name];
}

/**
 * The console's screens (docs/console.md). The console's router and the server, which answers each
 * of them with the console's page, both read this table.
 */
export const CONSOLE_ROUTES = {
  login: '/login',
  sos: '/sos',
  users: '/users',
  newUser: '/user',
  editUser: '/user/:id',
  history: '/sos/history',
  stats: '/sos/stats',
  settings: '/settings',
  /** Deleted devices, restorable (docs/alarm-handling.md). */
  deletedDevices: '/devices/deleted',
  /** The audit log, "Registro attività" (docs/audit.md). */
  audit: '/audit',
} as const;

export const editUserPath = (id: number | string) =>
  CONSOLE_ROUTES.editUser.replace(':id', encodeURIComponent(String(id)));

export const API_KEY_HEADER = 'x-api-key';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** GET /api/device/getAll: the last live event its list includes (docs/security.md). */
export const LAST_EVENT_ID_HEADER = 'x-last-event-id';
/**
 * GET /api/device/getAll: events after X-Last-Event-Id that the list already includes
 * (comma-separated ids, often none): the list is read without stopping the writers, so
 * the stream resumed from X-Last-Event-Id replays them; the console skips these.
 */
export const INCLUDED_EVENT_IDS_HEADER = 'x-included-event-ids';
