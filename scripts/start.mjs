// `npm start`: build what is missing or stale (never in a production install), then run
// the server in this process.
import { ensureBuilt } from './lib/ensure-built.mjs';

ensureBuilt();
await import('../apps/server/dist/main.mjs');
