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
/** A trigger on `expectations` before each write, running `body` (PL/pgSQL) on NEW. */
async function onExpectations(name, body) {
  await database.db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${body}
  RETURN NEW;
END $$`),
  );
  await database.db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE ON expectations
  FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
}

// A test clock for periodic tests, in this e2e database only (never in the product): an hour of
// a device's test interval lasts E2E_TEST_HOUR_S seconds (default 8), so a missed periodic test
// ("Test periodico mancante") is due within a test. The due time is recomputed from the device
// (its last test and interval, as the server computes it, scaled), so an upsert that fires the
// trigger twice still gets it once. The engine reads due_at as it always does.
const testHourS = Number(toolVar('E2E_TEST_HOUR_S') ?? '8');
await onExpectations(
  'e2e_test_clock',
  `  IF NEW.kind = 'TEST' AND NEW.due_at IS NOT NULL THEN
    SELECT coalesce(d.last_test_at, now()) + make_interval(secs => d.test_interval_hours * 1.1 * ${testHourS})
      INTO NEW.due_at FROM devices d WHERE d.id = NEW.device_id;
  END IF;`,
);
// The same for check-in windows, which are wall-clock minutes: a window ending within the next
// 5 minutes, scheduled for the first time, falls due E2E_CHECK_IN_S seconds (default 5) after it
// is saved, so a missed check-in is raised within a test instead of at the next whole minute.
// Once per window (e2e_check_in_clock remembers it): the engine's rescheduling of that same
// window keeps the real end the server computed. Its label ("08:00–08:02") is untouched.
const checkInS = Number(toolVar('E2E_CHECK_IN_S') ?? '5');
await database.db.execute(
  sql.raw(`CREATE TABLE e2e_check_in_clock (device_id int, window_start timestamptz,
  PRIMARY KEY (device_id, window_start))`),
);
await onExpectations(
  'e2e_check_in_clock',
  `  IF NEW.kind = 'CHECK_IN' AND NEW.due_at BETWEEN now() AND now() + interval '5 minutes' THEN
    INSERT INTO e2e_check_in_clock VALUES (NEW.device_id, NEW.window_start) ON CONFLICT DO NOTHING;
    IF FOUND THEN
      NEW.due_at := now() + make_interval(secs => ${checkInS});
    END IF;
  END IF;`,
);
await database.close();

// What `npm start` runs: the bundled entry (docs/operations.md "Running it").
await import('../../apps/server/dist/main.mjs');
