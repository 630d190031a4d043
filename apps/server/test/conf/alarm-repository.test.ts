import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ALARM_CONF_DEFAULTS, type AlarmConf, type AlarmSecondsSetting } from '@sos/contract';
import {
  alarmSettingSql,
  outcomeRequired,
  readAlarmConf,
} from '../../src/conf/alarm-repository.js';
import { readOfflineAfterSeconds } from '../../src/devices/health/offline-sweep.js';
import { ackTargetSeconds } from '../../src/sos/stats-repository.js';
import { settings } from '../../src/db/schema.js';
import { setSetting, SETTING_KEYS } from '../../src/db/settings.js';
import { rowsOf } from '../../src/db/rows.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';

/** Stored text → what every reader must make of it (undefined: the row is absent). */
const CASES: Record<AlarmSecondsSetting, Array<[string | undefined, number]>> = {
  ackTargetSeconds: [
    [undefined, ALARM_CONF_DEFAULTS.ackTargetSeconds],
    ['5', 5],
    ['3600', 3600],
    ['4', ALARM_CONF_DEFAULTS.ackTargetSeconds],
    ['3601', ALARM_CONF_DEFAULTS.ackTargetSeconds],
    ['0', ALARM_CONF_DEFAULTS.ackTargetSeconds],
    ['', ALARM_CONF_DEFAULTS.ackTargetSeconds],
    ['-30', ALARM_CONF_DEFAULTS.ackTargetSeconds],
    ['1.5', ALARM_CONF_DEFAULTS.ackTargetSeconds],
    [' 90', ALARM_CONF_DEFAULTS.ackTargetSeconds],
    ['soon', ALARM_CONF_DEFAULTS.ackTargetSeconds],
    ['99999999999999', ALARM_CONF_DEFAULTS.ackTargetSeconds],
  ],
  offlineAfterSeconds: [
    [undefined, ALARM_CONF_DEFAULTS.offlineAfterSeconds],
    ['10', 10],
    ['86400', 86_400],
    ['9', ALARM_CONF_DEFAULTS.offlineAfterSeconds],
    ['86401', ALARM_CONF_DEFAULTS.offlineAfterSeconds],
    ['1e3', ALARM_CONF_DEFAULTS.offlineAfterSeconds],
    ['600', 600],
  ],
};

// docs/alarm-handling.md: the alarm settings have one reader and one validity rule; the SQL form
// the escalation sweep uses must read every stored text exactly as the TypeScript one does.
describeEachDb('the alarm settings, read one way', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
  });
  afterAll(async () => ctx.close());

  const store = async (name: keyof AlarmConf, text: string | undefined) => {
    await ctx.app.db.delete(settings).where(eq(settings.key, SETTING_KEYS[name]));
    if (text !== undefined) await setSetting(ctx.app.db, SETTING_KEYS[name], text);
  };
  const inSql = async (name: AlarmSecondsSetting) =>
    Number(
      rowsOf<{ v: number }>(await ctx.app.db.execute(sql`SELECT ${alarmSettingSql(name)} AS v`))[0]
        ?.v,
    );

  for (const name of ['ackTargetSeconds', 'offlineAfterSeconds'] as const) {
    it.each(CASES[name])(
      `${name} stored as %j reads as %i, in TypeScript and in SQL`,
      async (text, expected) => {
        await store(name, text);
        expect((await readAlarmConf(ctx.app.db))[name]).toBe(expected);
        expect(await inSql(name)).toBe(expected);
        const single = name === 'ackTargetSeconds' ? ackTargetSeconds : readOfflineAfterSeconds;
        expect(await single(ctx.app.db)).toBe(expected);
      },
    );
  }

  it.each([
    [undefined, false],
    ['true', true],
    ['false', false],
    ['TRUE', false],
    ['1', false],
  ])('requireOutcome stored as %j reads as %s', async (text, expected) => {
    await store('requireOutcome', text);
    expect((await readAlarmConf(ctx.app.db)).requireOutcome).toBe(expected);
    expect(await outcomeRequired(ctx.app.db)).toBe(expected);
  });

  it.each([
    [undefined, 'NEWEST'],
    ['URGENT', 'URGENT'],
    ['NEWEST', 'NEWEST'],
    ['urgent', 'NEWEST'],
    ['', 'NEWEST'],
  ])('dashboardOrder stored as %j reads as %s', async (text, expected) => {
    await store('dashboardOrder', text);
    expect((await readAlarmConf(ctx.app.db)).dashboardOrder).toBe(expected);
  });
});
