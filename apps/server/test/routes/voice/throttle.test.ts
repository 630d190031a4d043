import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { routeQuestion, UNMANAGED } from './fixtures.js';

/** A general limit small enough to reach: Kamailio asks more often than that in a minute. */
const LIMIT = 5;

describeOnOneDb('voice: Kamailio and the general rate limit', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(kind, { SOS_RATE_LIMIT: LIMIT }, undefined, undefined, UNMANAGED);
  });
  afterAll(() => ctx.close());

  it("never refuses Kamailio's questions with the secret, however many; a wrong secret is counted", async () => {
    for (let i = 0; i < LIMIT * 4; i++) {
      const res = await routeQuestion(ctx, `+39011555${i}`, 'sos');
      expect(res.statusCode).toBe(200);
    }
    // The same address without the secret: refused 401 up to the limit, then 429.
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      codes.push((await routeQuestion(ctx, '+390115550', 'sos', 'wrong-secret')).statusCode);
    expect(codes.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(codes.slice(LIMIT)).toEqual([429, 429]);
    // Kamailio itself still passes while that address is over its limit.
    expect((await routeQuestion(ctx, '+390115551', 'sos')).statusCode).toBe(200);
  });
});
