// Starts the real server on a fresh embedded database for the end-to-end run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
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
// A test clock for periodic tests, in this e2e database only (never in the product): an hour of
// a device's test interval lasts E2E_TEST_HOUR_S seconds (default 8), so a missed periodic test
// ("Test periodico mancante") is due within a test. The due time is recomputed from the device
// (its last test and interval, as the server computes it, scaled), so an upsert that fires the
// trigger twice still gets it once. The engine reads due_at as it always does.
const testHourS = Number(toolVar('E2E_TEST_HOUR_S') ?? '8');
await database.db.execute(
  sql.raw(`CREATE FUNCTION e2e_test_clock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'TEST' AND NEW.due_at IS NOT NULL THEN
    SELECT coalesce(d.last_test_at, now()) + make_interval(secs => d.test_interval_hours * 1.1 * ${testHourS})
      INTO NEW.due_at FROM devices d WHERE d.id = NEW.device_id;
  END IF;
  RETURN NEW;
END $$`),
);
await database.db.execute(
  sql.raw(`CREATE TRIGGER e2e_test_clock BEFORE INSERT OR UPDATE ON expectations
  FOR EACH ROW EXECUTE FUNCTION e2e_test_clock()`),
);
await database.close();

await import(`${server}/main.js`);
