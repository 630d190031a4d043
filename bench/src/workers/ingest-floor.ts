/**
 * Floor of the ingest bench, in one process: the same raise + close cycles issued
 * directly through `pg`, with the server's pool size. `bare` sends the two statements that
 * store a cycle (INSERT the SOS, UPDATE it closed); `transactions` sends every statement
 * the server's two transactions send (device touch, lookups, outbox, advisory lock, NOTIFY);
 * two diagnostic modes leave out the advisory lock, then the NOTIFY too.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { runCycles } from './ingest-loop.js';
import type { FloorCommand } from './ingest-protocol.js';

const ORDER_LOCK = 0x534f534c;

const INSERT_SOS = 'INSERT INTO sos (device_id, idempotency_key) VALUES ($1, $2) RETURNING *';
const CLOSE_SOS = `UPDATE sos SET state = 'CLOSED', closed_at = now(), updated_at = now(),
  closed_by_id = $2, closed_by_username = $3 WHERE id = $1 AND state = 'OPEN' RETURNING *`;

let orderLock = true;
let notify = true;

/** appendEvent (apps/server/src/live/outbox.ts): order lock, outbox row, NOTIFY. */
async function outbox(client: pg.PoolClient, type: string, data: string) {
  if (orderLock) await client.query('SELECT pg_advisory_xact_lock($1)', [ORDER_LOCK]);
  const { rows } = await client.query<{ id: string }>(
    'INSERT INTO events (type, data) VALUES ($1, $2) RETURNING id',
    [type, data],
  );
  if (notify)
    await client.query('SELECT pg_notify($1, $2)', [
      'sos_events',
      JSON.stringify({ id: Number(rows[0]!.id), type, data }),
    ]);
}

async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function run(command: FloorCommand) {
  orderLock = command.mode === 'transactions';
  notify = command.mode !== 'no-lock-no-notify';
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

  const transactions = async (index: number) => {
    const device = rows[index]!;
    const key = randomUUID();
    let sosId = 0;
    // POST /api/device/sos: the API key check, then the raise transaction.
    await pool.query('SELECT * FROM settings WHERE key = $1', ['device_api_key']);
    await inTransaction(pool, async (c) => {
      await c.query(
        'UPDATE devices SET last_seen_at = now() WHERE serial = $1 AND deleted_at IS NULL RETURNING *',
        [device.serial],
      );
      await c.query('SELECT * FROM sos WHERE device_id = $1 AND idempotency_key = $2', [
        device.id,
        key,
      ]);
      await c.query(`SELECT * FROM sos WHERE device_id = $1 AND state = 'OPEN'`, [device.id]);
      const inserted = await c.query<{ id: number }>(
        `${INSERT_SOS.replace(' RETURNING *', '')} ON CONFLICT DO NOTHING RETURNING *`,
        [device.id, key],
      );
      sosId = inserted.rows[0]!.id;
      await outbox(c, 'new-sos', JSON.stringify(inserted.rows[0]));
    });
    // PATCH /api/sos/close: the user check of the bearer token, then the close transaction.
    await pool.query('SELECT id, username, role FROM users WHERE id = $1', [closerId]);
    await inTransaction(pool, async (c) => {
      const closed = await c.query(CLOSE_SOS, [sosId, closerId, username]);
      await c.query('SELECT id, display_name FROM devices WHERE id = $1', [device.id]);
      await outbox(c, 'new-sos-closed', JSON.stringify(closed.rows[0]));
    });
  };

  const report = await runCycles(
    command,
    command.devices,
    command.mode === 'bare' ? bare : transactions,
  );
  await pool.end();
  process.send?.(report);
}

process.once('message', (command: FloorCommand) => {
  run(command).then(
    () => setTimeout(() => process.exit(0), 50),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
// Loaded and listening: the bench may now give the start time.
process.send?.({ type: 'ready' });
