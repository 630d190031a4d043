import {
  SUPERVISION_SECONDS_MAX,
  SUPERVISION_SECONDS_MIN,
  TEST_INTERVAL_HOURS_MAX,
  TEST_INTERVAL_HOURS_MIN,
  type DeviceExpectations,
  type DeviceSupervisionBody,
} from '@sos/contract';
import { z } from 'zod';

/**
 * "Supervisione" (minutes or hours) and the periodic test interval (hours) in the "Scheda
 * assistito" (docs/expected-events.md): text fields, blank meaning null; saved with PATCH
 * /api/device/supervision when they changed.
 */
const SUPERVISION_UNITS = { MIN: 60, H: 3600 } as const;
type SupervisionUnit = keyof typeof SUPERVISION_UNITS;

const wholeOrBlank = z
  .string()
  .trim()
  .regex(/^\d{0,7}$/, 'badNumber');

export const supervisionFormShape = {
  supervision: wholeOrBlank,
  supervisionUnit: z.enum(['MIN', 'H']),
  testInterval: wholeOrBlank,
};

export interface SupervisionFormValues {
  supervision: string;
  supervisionUnit: SupervisionUnit;
  testInterval: string;
}

/** The seconds a value means, or null when blank. */
const supervisionSeconds = (v: Pick<SupervisionFormValues, 'supervision' | 'supervisionUnit'>) =>
  v.supervision.trim() === '' ? null : Number(v.supervision) * SUPERVISION_UNITS[v.supervisionUnit];
const testIntervalHours = (v: Pick<SupervisionFormValues, 'testInterval'>) =>
  v.testInterval.trim() === '' ? null : Number(v.testInterval);

/** Which field is out of range, if any (the contract's limits). */
export function supervisionIssues(v: SupervisionFormValues): Array<'supervision' | 'testInterval'> {
  const issues: Array<'supervision' | 'testInterval'> = [];
  const s = supervisionSeconds(v);
  if (s !== null && (s < SUPERVISION_SECONDS_MIN || s > SUPERVISION_SECONDS_MAX))
    issues.push('supervision');
  const h = testIntervalHours(v);
  if (h !== null && (h < TEST_INTERVAL_HOURS_MIN || h > TEST_INTERVAL_HOURS_MAX))
    issues.push('testInterval');
  return issues;
}

/** The form's values from what the server holds: hours when whole hours, else minutes. */
export function supervisionDefaults(e: DeviceExpectations | undefined): SupervisionFormValues {
  const s = e?.supervisionSeconds ?? null;
  const inHours = s !== null && s % 3600 === 0;
  return {
    supervision: s === null ? '' : String(inHours ? s / 3600 : Math.round(s / 60)),
    supervisionUnit: inHours ? 'H' : 'MIN',
    testInterval: e?.testIntervalHours == null ? '' : String(e.testIntervalHours),
  };
}

/** The PATCH body when something changed, else null. */
export function supervisionChange(
  before: DeviceExpectations | undefined,
  v: SupervisionFormValues,
): DeviceSupervisionBody | null {
  const body = {
    supervisionSeconds: supervisionSeconds(v),
    testIntervalHours: testIntervalHours(v),
  };
  const same =
    body.supervisionSeconds === (before?.supervisionSeconds ?? null) &&
    body.testIntervalHours === (before?.testIntervalHours ?? null);
  return same ? null : body;
}
