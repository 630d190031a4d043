import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { device, EVERY_DAY, patchSupervision, putCheckIns } from './fixtures.js';

// Validation is the contract's schemas, the same on both databases: run on the embedded one.
describe('expected events: bad values are a 400 naming the field (docs/expected-events.md)', () => {
  let ctx: TestContext;
  let id: number;
  beforeAll(async () => {
    ctx = await createTestApp('embedded');
    id = await device(ctx, 'v-1');
  });
  afterAll(() => ctx?.close());

  it.each([
    [{ supervisionSeconds: 9 }, /supervisionSeconds: must be an integer from 10 to 604800/],
    [{ supervisionSeconds: 604_801 }, /supervisionSeconds: must be an integer from 10 to 604800/],
    [{ supervisionSeconds: 60.5 }, /supervisionSeconds: must be an integer/],
    [{ supervisionSeconds: '60' }, /supervisionSeconds/],
    [{ testIntervalHours: 0 }, /testIntervalHours: must be an integer from 1 to 744/],
    [{ testIntervalHours: 745 }, /testIntervalHours: must be an integer from 1 to 744/],
    [{ other: 1 }, /other|Unrecognized/i],
  ])('PATCH supervision %j', async (body, message) => {
    const res = await patchSupervision(ctx, id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });

  const w = (from: string, to: string, days: unknown = EVERY_DAY) => ({ days, from, to });
  it.each([
    ['from ≥ to', [w('10:00', '10:00')], /checkIns\.0\.to: must be later than from/],
    ['from > to', [w('11:00', '10:00')], /checkIns\.0\.to: must be later than from/],
    [
      '8 windows',
      Array.from({ length: 8 }, () => w('08:00', '09:00')),
      /checkIns: must have at most 7 windows/,
    ],
    ['day XYZ', [w('08:00', '09:00', ['XYZ'])], /checkIns\.0\.days\.0: must be one of MON/],
    ['no day', [w('08:00', '09:00', [])], /checkIns\.0\.days: must name at least one day/],
    ['25:00', [w('08:00', '25:00')], /checkIns\.0\.to: must be a time HH:mm/],
    ['8:00', [w('8:00', '09:00')], /checkIns\.0\.from: must be a time HH:mm/],
  ])('PUT profile with %s', async (_name, checkIns, message) => {
    const res = await putCheckIns(ctx, id, checkIns);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });
});
