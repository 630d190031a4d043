import { sql } from 'drizzle-orm';
import type { AuditAction, AuditDetails, AuditItem, AuditTarget } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { rowsOf } from '../db/rows.js';
import type { AuditBy } from './by.js';
import { chainHash, GENESIS_HASH } from './canonical.js';
import { hashedForm, toAuditItem, type AuditRow } from './item.js';

/**
 * The chain's lock ('AUDT'): held from the first append of a transaction to its end, so
 * that each append reads the hash of the last committed record, on one process or many.
 */
const AUDIT_CHAIN_LOCK = sql.raw(String(0x41554454));

/** Transactions that already hold the lock (the same tx object for the whole callback). */
const holding = new WeakSet<object>();

/**
 * Takes the chain's lock now. A transaction that records an action must take it BEFORE any
 * row lock or the outbox's lock (live/outbox.ts): a writer waiting for it then holds nothing
 * another appender could be waiting for, so audited transactions queue up and never deadlock.
 * appendAudit calls it too; calling it first is what makes the order right.
 */
export async function lockAuditChain(tx: Tx): Promise<void> {
  // The database itself would take the lock for one statement only: a record must be written
  // in the transaction of the change it records.
  if (!('rollback' in tx)) throw new Error('audit: append inside a transaction');
  if (holding.has(tx)) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
  holding.add(tx);
}

interface AuditEntry {
  action: AuditAction;
  target: AuditTarget | null;
  /** Never a secret or personal value: names of fields, alarm settings, export filters. */
  details?: AuditDetails | undefined;
}

/** One record to append: who and from where, then what. */
export interface AuditRecord extends AuditEntry {
  by: AuditBy;
}

/**
 * Appends one record to the audit log inside the caller's transaction (`tx` must be one):
 * it commits or rolls back with the change it records. Linked to the last committed record
 * by hash (docs/audit.md).
 */
export async function appendAudit(tx: Tx, record: AuditRecord): Promise<AuditItem> {
  const [item] = await appendAuditMany(tx, [record]);
  return item!;
}

/** Several records in two statements (a batch of closes), chained in the given order. */
export async function appendAuditMany(
  tx: Tx,
  records: readonly AuditRecord[],
): Promise<AuditItem[]> {
  if (records.length === 0) return [];
  await lockAuditChain(tx);
  // A statement after the lock was granted: it sees every record committed before.
  const result = await tx.execute(sql`
    SELECT (SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1) AS prev,
      array(SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) FROM generate_series(1, ${records.length}::int)) AS ids`);
  const head = rowsOf<{ prev: string | null; ids: unknown[] }>(result)[0];
  const ids = (head?.ids ?? []).map(Number).sort((a, b) => a - b);
  if (ids.length !== records.length || !ids.every(Number.isSafeInteger))
    throw new Error('audit: no ids drawn');
  let prevHash = head?.prev ?? GENESIS_HASH;
  const at = new Date();
  const rows = records.map(({ by, ...entry }, i) => {
    const row = toRow(ids[i]!, at, prevHash, by, entry);
    prevHash = row.hash;
    return row;
  });
  await insertRows(tx, rows);
  return rows.map(toAuditItem);
}

/**
 * The rows in ONE prepared statement of one array per column, whatever their number: Drizzle's
 * insert builder spent ~1 ms per batch of closes rendering 12 parameters a row, under the
 * chain's lock (bench ingest). Times and JSON travel as text arrays, cast in SQL, so that both
 * databases read them alike; each value reads back as the hash covered it.
 */
async function insertRows(tx: Tx, rows: readonly AuditRow[]): Promise<void> {
  const column = <T>(pick: (row: AuditRow) => T) => sql.param(rows.map(pick));
  await tx.execute(
    prepared(sql`
    INSERT INTO audit_log (id, at, actor_id, actor_username, address, action, target_type, target_id,
      target_label, details, prev_hash, hash)
    SELECT * FROM unnest(${column((r) => r.id)}::bigint[],
      ${column((r) => r.at.toISOString())}::text[]::timestamptz[],
      ${column((r) => r.actorId)}::int[], ${column((r) => r.actorUsername)}::text[],
      ${column((r) => r.address)}::text[], ${column((r) => r.action)}::text[],
      ${column((r) => r.targetType)}::text[], ${column((r) => r.targetId)}::text[],
      ${column((r) => r.targetLabel)}::text[],
      ${column((r) => (r.details === null ? null : JSON.stringify(r.details)))}::text[]::jsonb[],
      ${column((r) => r.prevHash)}::text[], ${column((r) => r.hash)}::text[])`),
  );
}

/** A record's columns, its hash computed over them as they will read back. */
function toRow(id: number, at: Date, prevHash: string, by: AuditBy, entry: AuditEntry): AuditRow {
  const row: AuditRow = {
    id,
    at,
    actorId: by.actor?.id ?? null,
    actorUsername: by.actor?.username ?? null,
    address: by.address,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    targetLabel: entry.target?.label ?? null,
    // As the jsonb column gives it back (undefined members dropped), so the hash holds.
    details: entry.details
      ? (JSON.parse(JSON.stringify(entry.details)) as Record<string, unknown>)
      : null,
    prevHash,
    hash: '',
  };
  row.hash = chainHash(prevHash, hashedForm(row));
  return row;
}
