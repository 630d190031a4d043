// Starts the real server on a fresh embedded database for the end-to-end run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportVar, toolVar } from '../../scripts/lib/env.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'sos-e2e-'));
exportVar('SOS_DATA_DIR', dataDir);

// offlineAfterSeconds (docs/alarm-handling.md) as low as it goes, so a silent device turns into a
// technical alarm within a test: stored under its settings key before the server starts.
const server = '../../apps/server/dist/src';
const { openEmbedded } = await import(`${server}/db/client.js`);
const { migrate } = await import(`${server}/db/migrate.js`);
const { setSetting, SETTING_KEYS } = await import(`${server}/db/settings.js`);
const database = await openEmbedded({ dataDir });
await migrate(database);
await setSetting(
  database.db,
  SETTING_KEYS.offlineAfterSeconds,
  toolVar('E2E_OFFLINE_AFTER_S') ?? '10',
);
await database.close();

await import(`${server}/main.js`);
