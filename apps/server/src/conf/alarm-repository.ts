import { inArray, sql, type SQL } from 'drizzle-orm';
import {
  ALARM_CONF_DEFAULTS,
  alarmConfSchema,
  DASHBOARD_ORDERS,
  type AlarmConf,
  type AlarmSecondsSetting,
  type DashboardOrder,
} from '@sos/contract';
import type { Db, Tx } from '../db/client.js';
import { settings } from '../db/schema.js';
import { setSetting, SETTING_KEYS } from '../db/settings.js';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { confTarget } from '../audit/targets.js';

const KEYS = {
  ackTargetSeconds: SETTING_KEYS.ackTargetSeconds,
  offlineAfterSeconds: SETTING_KEYS.offlineAfterSeconds,
  requireOutcome: SETTING_KEYS.requireOutcome,
  dashboardOrder: SETTING_KEYS.dashboardOrder,
} as const satisfies Record<keyof AlarmConf, string>;

/**
 * The one validity rule of a stored alarm setting, for every reader: whole seconds written in
 * digits, within the bounds POST /api/conf/alarm accepts (the contract's alarmConfSchema);
 * anything else, or nothing, reads as the default (docs/alarm-handling.md).
 */
const DIGITS = '^[0-9]{1,9}$';
const boundsOf = (name: AlarmSecondsSetting) => {
  const field = alarmConfSchema.shape[name];
  return { min: field.minValue ?? 0, max: field.maxValue ?? 0 };
};

/** A stored value (undefined: unset) read by the rule above. */
function alarmSettingValue(name: AlarmSecondsSetting, stored: string | undefined): number {
  const { min, max } = boundsOf(name);
  const n = stored !== undefined && new RegExp(DIGITS).test(stored) ? Number(stored) : NaN;
  return n >= min && n <= max ? n : ALARM_CONF_DEFAULTS[name];
}

/** The close policy's stored values, by the same rule: exactly what POST writes, else the default. */
const requireOutcomeValue = (stored: string | undefined): boolean =>
  stored === 'true' ? true : stored === 'false' ? false : ALARM_CONF_DEFAULTS.requireOutcome;
const dashboardOrderValue = (stored: string | undefined): DashboardOrder =>
  DASHBOARD_ORDERS.find((order) => order === stored) ?? ALARM_CONF_DEFAULTS.dashboardOrder;

/**
 * The same setting inside a statement, by the same rule: a statement that judges rows by it
 * (the escalation sweep) reads the stored value with them, so every process applies a change
 * the moment it is committed. The nested CASE casts only what matched the digits.
 */
export function alarmSettingSql(name: AlarmSecondsSetting): SQL {
  const { min, max } = boundsOf(name);
  return sql`coalesce((SELECT CASE WHEN value ~ ${DIGITS} THEN
      CASE WHEN value::integer BETWEEN ${min}::integer AND ${max}::integer THEN value::integer END END
    FROM settings WHERE key = ${KEYS[name]}), ${ALARM_CONF_DEFAULTS[name]}::integer)`;
}

/** The alarm settings (docs/alarm-handling.md), each its default until a super administrator sets it. */
export async function readAlarmConf(db: Tx): Promise<AlarmConf> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.values(KEYS)));
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const value = (name: AlarmSecondsSetting) => alarmSettingValue(name, stored.get(KEYS[name]));
  return {
    ackTargetSeconds: value('ackTargetSeconds'),
    offlineAfterSeconds: value('offlineAfterSeconds'),
    requireOutcome: requireOutcomeValue(stored.get(KEYS.requireOutcome)),
    dashboardOrder: dashboardOrderValue(stored.get(KEYS.dashboardOrder)),
  };
}

/** Stores the given fields (one transaction, recorded with before and after) and answers the whole conf. */
export async function writeAlarmConf(
  db: Db,
  change: Partial<AlarmConf>,
  by: AuditBy,
): Promise<AlarmConf> {
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

/** Whether closing needs an outcome now (PATCH /api/sos/close reads it with every close). */
export async function outcomeRequired(db: Tx): Promise<boolean> {
  const [row] = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [KEYS.requireOutcome]));
  return requireOutcomeValue(row?.value);
}

/** ackTargetSeconds inside the escalation sweep's statements. */
export const ackTargetSecondsSql: SQL = alarmSettingSql('ackTargetSeconds');
