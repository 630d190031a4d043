import type { AuditAction, AuditItem, AuditTarget, AuditTargetType } from '@sos/contract';
import type { auditLog } from '../db/schema.js';
import { chainHash } from './canonical.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** A record's target from its columns: CONF targets keep their name, the others are numbers. */
function targetOf(row: AuditRow): AuditTarget | null {
  if (row.targetType === null) return null;
  const type = row.targetType as AuditTargetType;
  const id = type === 'CONF' ? (row.targetId ?? '') : Number(row.targetId);
  return { type, id, label: row.targetLabel ?? '' };
}

/** A stored row as the API and the chain see it, `hash` aside. */
export function unhashedItem(row: AuditRow): Omit<AuditItem, 'hash'> {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor:
      row.actorId === null || row.actorUsername === null
        ? null
        : { id: row.actorId, username: row.actorUsername },
    address: row.address,
    action: row.action as AuditAction,
    target: targetOf(row),
    details: row.details ?? null,
    prevHash: row.prevHash,
  };
}

export const toAuditItem = (row: AuditRow): AuditItem => ({ ...unhashedItem(row), hash: row.hash });

/**
 * A stored target id as the chain hashes it: a number for USER, DEVICE and SOS when the column
 * holds exactly that number's decimal form, else the text as stored, so that "01" or "1.0"
 * never hash as 1.
 */
function hashedTargetId(type: string | null, id: string | null): string | number | null {
  if (type === 'CONF' || id === null) return id;
  const n = Number(id);
  return Number.isSafeInteger(n) && String(n) === id ? n : id;
}

/**
 * What a record's hash covers: every stored column but `hash` (docs/audit.md "The chain").
 * For every record the server writes (actor and target both set or both empty) this is the
 * item itself; a column set beside an empty actor or target (a username with no actor id, a
 * label with no target type) appears too, as its own value, so forging one breaks the hash.
 */
export function hashedForm(row: AuditRow): Record<string, unknown> {
  const noActor = row.actorId === null && row.actorUsername === null;
  const noTarget = row.targetType === null && row.targetId === null && row.targetLabel === null;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: noActor ? null : { id: row.actorId, username: row.actorUsername },
    address: row.address,
    action: row.action,
    target: noTarget
      ? null
      : {
          type: row.targetType,
          id: hashedTargetId(row.targetType, row.targetId),
          label: row.targetLabel,
        },
    details: row.details ?? null,
    prevHash: row.prevHash,
  };
}

/** Whether a row's hash is the one its own columns and its stated prevHash give. */
export const hashHolds = (row: AuditRow): boolean =>
  chainHash(row.prevHash, hashedForm(row)) === row.hash;
