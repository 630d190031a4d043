/**
 * The database's tables, one file per concept in schema/, re-exported here: every reader
 * imports db/schema.js. The migrations that create them are hand-written in drizzle/.
 */
import { users, refreshTokens, sessions } from './schema/users.js';
import { devices, deviceProfiles, technicalAlarms, deviceRepeats } from './schema/devices.js';
import { sos, sosTimeline } from './schema/sos.js';
import { settings } from './schema/settings.js';
import { events } from './schema/events.js';
import { auditLog } from './schema/audit.js';
import { pushCursor, pushDeliveries, pushMessages, pushSubscriptions } from './schema/push.js';
import { authFailures, rateWindows, throttlePaces } from './schema/throttle.js';

export * from './schema/users.js';
export * from './schema/devices.js';
export * from './schema/sos.js';
export * from './schema/expectations.js';
export * from './schema/settings.js';
export * from './schema/events.js';
export * from './schema/voice.js';
export * from './schema/audit.js';
export * from './schema/push.js';
export * from './schema/throttle.js';

export const schema = {
  users,
  sessions,
  refreshTokens,
  devices,
  sos,
  sosTimeline,
  deviceProfiles,
  technicalAlarms,
  deviceRepeats,
  settings,
  events,
  authFailures,
  throttlePaces,
  rateWindows,
  auditLog,
  pushSubscriptions,
  pushCursor,
  pushMessages,
  pushDeliveries,
};
export type Schema = typeof schema;
