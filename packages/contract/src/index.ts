// config first: it must run before any schema below is built.
import './config.js';

export * from './roles.js';
export * from './limits.js';
export * from './paths.js';
export * from './errors.js';
export * from './common.js';
export * from './auth.js';
export * from './kinds.js';
export * from './device.js';
export * from './alarm.js';
export * from './sos-handling.js';
export * from './health.js';
export * from './contacts.js';
export * from './profile.js';
export * from './sos.js';
export * from './reporting.js';
export * from './employee.js';
export * from './conf.js';
export * from './events.js';
export * from './rules.js';
export * from './form-errors.js';
export * from './forms.js';
