/**
 * Floor of the ingest bench, in one process: the same raise + close cycles issued
 * directly through `pg`, with the server's pool size. `bare` sends the two statements that
 * store a cycle (INSERT the SOS, UPDATE it closed); `transactions` sends the statements
 * the server sends for a cycle (the raise with its outbox event and NOTIFY, the user check
 * of the bearer token, the close with its event); two diagnostic modes leave out the order
 * lock, or add a NOTIFY to each statement as the server did before (PostgreSQL serialises
 * the commits of notifying transactions).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { runBatchedFloor } from './ingest-batched.js';
import { runCycles } from './ingest-loop.js';
import { sendReport } from './send-report.js';
import type { FloorCommand } from './ingest-protocol.js';

const ORDER_LOCK = 0x534f534c;

const INSERT_SOS = 'INSERT INTO sos (device_id, idempotency_key) VALUES ($1, $2) RETURNING *';
const CLOSE_SOS = `UPDATE sos SET state = 'CLOSED', closed_at = now(), updated_at = now(),
  closed_by_id = $2, closed_by_username = $3 WHERE id = $1 AND state = 'OPEN' RETURNING *`;

let orderLock = true;
let notify = false;

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** sosJsonSql (apps/server/src/sos/json-sql.ts), same construction. */
const sosJson = (s: string, deviceId: string, name: string) => `(SELECT row_to_json(j) FROM (SELECT
  ${s}.id AS "id", ${s}.state AS "state", ${iso(`${s}.created_at`)} AS "dateCreated",
  ${iso(`${s}.updated_at`)} AS "lastUpdated",
  CASE WHEN ${s}.closed_at IS NULL THEN NULL ELSE ${iso(`${s}.closed_at`)} END AS "dateClosed",
  CASE WHEN ${s}.closed_by_username IS NULL THEN NULL ELSE (SELECT row_to_json(c) FROM
    (SELECT ${s}.closed_by_id AS "id", ${s}.closed_by_username AS "username") c) END AS "closedBy",
  (SELECT row_to_json(d) FROM (SELECT ${deviceId} AS "id", ${name} AS "displayName") d) AS "device"
) j)::text`;

/** eventCtes (apps/server/src/live/outbox.ts): order lock (shared), outbox row, NOTIFY. */
const eventCtes = (type: string) => `
  ordered AS MATERIALIZED (SELECT ${orderLock ? `pg_advisory_xact_lock_shared(${ORDER_LOCK})` : '1'} FROM source),
  appended AS (INSERT INTO events (type, data) SELECT '${type}', source.data FROM source, ordered RETURNING id, type, data),
  payloads AS (SELECT id, data, json_build_object('id', id, 'type', type, 'data', data)::text AS payload FROM appended),
  announced AS (SELECT id, data, ${notify ? `pg_notify('sos_events', payload)` : 'NULL'} AS notified FROM payloads)`;

/** raiseNewSos (apps/server/src/sos/raise.ts). */
const raiseStatement = () => `WITH device AS (
    UPDATE devices SET last_seen_at = now() WHERE serial = $1 AND deleted_at IS NULL RETURNING id, display_name),
  inserted AS (INSERT INTO sos (device_id, idempotency_key) SELECT id, $2::text FROM device
    ON CONFLICT DO NOTHING RETURNING *),
  source AS (SELECT ${sosJson('inserted', 'device.id', 'device.display_name')} AS data FROM inserted, device),
  ${eventCtes('new-sos')}
  SELECT data FROM announced`;

/** closeSos (apps/server/src/sos/repository.ts). */
const closeStatement = () => `WITH closed AS (
    UPDATE sos SET state = 'CLOSED', closed_at = now(), updated_at = now(), closed_by_id = $2,
      closed_by_username = $3 FROM devices
    WHERE sos.id = $1 AND sos.state = 'OPEN' AND devices.id = sos.device_id
    RETURNING sos.*, devices.display_name AS device_name),
  source AS (SELECT ${sosJson('closed', 'closed.device_id', 'closed.device_name')} AS data FROM closed),
  ${eventCtes('new-sos-closed')}
  SELECT data FROM announced`;

async function run(command: FloorCommand) {
  if (command.mode === 'batched' || command.mode === 'batched-no-audit') {
    await sendReport(await runBatchedFloor(command));
    return;
  }
  orderLock = command.mode !== 'no-order-lock';
  notify = command.mode === 'notify-each';
  const pool = new pg.Pool({ connectionString: command.databaseUrl, max: command.poolSize });
  const { rows } = await pool.query<{ id: number; serial: string }>(
    `SELECT id, serial FROM devices WHERE serial LIKE 'BENCH-%' ORDER BY id LIMIT $1`,
    [command.devices],
  );
  if (rows.length < command.devices)
    throw new Error(`only ${rows.length} bench devices in the database`);
  const { id: closerId, username } = command.closer;

  const bare = async (index: number) => {
    const device = rows[index]!;
    const inserted = await pool.query<{ id: number }>(INSERT_SOS, [device.id, randomUUID()]);
    await pool.query(CLOSE_SOS, [inserted.rows[0]!.id, closerId, username]);
  };

  const raise = raiseStatement();
  const close = closeStatement();
  const statements = async (index: number) => {
    const device = rows[index]!;
    // POST /api/device/sos: the API key is cached by the server; one statement.
    const raised = await pool.query<{ data: string }>(raise, [device.serial, randomUUID()]);
    const sosId = (JSON.parse(raised.rows[0]!.data) as { id: number }).id;
    // PATCH /api/sos/close: the user check of the bearer token, then one statement.
    await pool.query('SELECT id, username, role FROM users WHERE id = $1', [closerId]);
    await pool.query(close, [sosId, closerId, username]);
  };

  const report = await runCycles(
    command,
    command.devices,
    command.mode === 'bare' ? bare : statements,
  );
  await pool.end();
  await sendReport(report);
}

process.once('message', (command: FloorCommand) => {
  run(command).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
// Loaded and listening: the bench may now give the start time.
process.send?.({ type: 'ready' });
