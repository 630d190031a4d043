import { inArray, sql, type SQL } from 'drizzle-orm';
import { ALARM_CONF_DEFAULTS, type AlarmConf } from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { settings } from '../db/schema.js';
import { setSetting, SETTING_KEYS } from '../db/settings.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { confTarget } from '../audit/targets.js';

const KEYS = {
  ackTargetSeconds: SETTING_KEYS.ackTargetSeconds,
  offlineAfterSeconds: SETTING_KEYS.offlineAfterSeconds,
} as const satisfies Record<keyof AlarmConf, string>;

/** The alarm settings (docs/alarm-handling.md), each its default until a super administrator sets it. */
export async function readAlarmConf(db: Tx): Promise<AlarmConf> {
  const rows = await db.select().from(settings).where(inArray(settings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((r) => [r.key, Number(r.value)]));
  const value = (name: keyof AlarmConf) => {
    const n = stored.get(KEYS[name]);
    return n !== undefined && Number.isSafeInteger(n) ? n : ALARM_CONF_DEFAULTS[name];
  };
  return { ackTargetSeconds: value('ackTargetSeconds'), offlineAfterSeconds: value('offlineAfterSeconds') };
}

/** Stores the given fields (one transaction, recorded with before and after) and answers the whole conf. */
export async function writeAlarmConf(db: Db, change: Partial<AlarmConf>, by: AuditBy): Promise<AlarmConf> {
  return db.transaction(async (tx) => {
    await lockAuditChain(tx);
    const before = await readAlarmConf(tx);
    for (const name of Object.keys(KEYS) as (keyof AlarmConf)[]) {
      const value = change[name];
      if (value !== undefined) await setSetting(tx, KEYS[name], String(value));
    }
    const after = await readAlarmConf(tx);
    await appendAudit(tx, {
      by,
      action: 'ALARM_CONF_CHANGED',
      target: confTarget('alarm'),
      details: { before, after },
    });
    return after;
  });
}

/**
 * ackTargetSeconds inside a statement: the escalation sweep reads the stored value with the
 * rows it judges, so every process applies the same target the moment it is changed.
 */
export const ackTargetSecondsSql: SQL = sql`coalesce((SELECT value::integer FROM settings
  WHERE key = ${SETTING_KEYS.ackTargetSeconds}), ${ALARM_CONF_DEFAULTS.ackTargetSeconds}::integer)`;
