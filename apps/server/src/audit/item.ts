import type {
  AuditAction,
  AuditDetails,
  AuditItem,
  AuditTarget,
  AuditTargetType,
} from '@sos/contract';
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
    details: (row.details ?? null) as AuditDetails,
    prevHash: row.prevHash,
  };
}

export const toAuditItem = (row: AuditRow): AuditItem => ({ ...unhashedItem(row), hash: row.hash });

/** Whether a row's hash is the one its own contents and its stated prevHash give. */
export const hashHolds = (row: AuditRow): boolean =>
  chainHash(row.prevHash, unhashedItem(row)) === row.hash;
