/**
 * `@sos/server/testing`: what the other workspaces' tests and benchmarks drive of the server
 * (docs/architecture.md "Layout of the code"). They import it by name, never by a path into src/, so
 * the server's files can move without breaking another workspace, and the import check
 * (scripts/check-cycles.mjs) can see who depends on what.
 */
export { loadEnv } from './env.js';
export { startServer, type StartedServer } from './server.js';
export { openPostgres } from './db/client.js';
export { rowsOf } from './db/rows.js';
export { Batcher } from './lib/batcher.js';
export { closeAndRecord, closeOpenSos, type SosClose } from './sos/close.js';
export { raiseNewSos, type NewSosRaise } from './sos/raise.js';
export { ephemeralCredentials } from './voice/credentials.js';
