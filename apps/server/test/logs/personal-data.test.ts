import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '@sos/contract';
import { loggerOptions } from '../../src/logger.js';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { cutDatabase, restoreDatabase } from '../helpers/outage.js';
import { register } from '../routes/device/fixtures.js';

/**
 * Nothing personal reaches a log (docs/security.md): a recognisable marker in every profile field,
 * each failure path the outside probe found forced, and the whole log (at debug, the
 * production serializers) grepped for the markers. One line when the database goes away,
 * one when it is back, not one per 503.
 */
const MARKERS = {
  residentName: 'MRKNAME Ada Rossi',
  address: 'MRKADDR Via Roma 1',
  phone: '+39 0555 018 274',
  notes: 'MRKNOTES allergica',
  contactName: 'MRKCONTACT Bruno',
  contactPhone: '+39 0555 736 912',
  relation: 'MRKREL figlio',
};
const NEEDLES = [...Object.values(MARKERS), '0555 018 274', '0555 736 912', 'MRK'];
const body = (contactName = MARKERS.contactName) => ({
  residentName: MARKERS.residentName,
  address: MARKERS.address,
  phone: MARKERS.phone,
  notes: MARKERS.notes,
  contacts: [{ name: contactName, phone: MARKERS.contactPhone, relation: MARKERS.relation }],
});

describeEachDb('personal data and the log', (kind) => {
  const lines: string[] = [];
  let ctx: TestContext;
  let deviceId = 0;
  let admin: pg.Client | undefined;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions({ LOG_LEVEL: 'debug', LOG_PRETTY: false }, false);
    ctx = await createTestApp(kind, {}, undefined, { ...(options as object), stream });
    deviceId = (await register(ctx, 'log-1')).json<{ id: number }>().id;
  });
  afterAll(async () => {
    if (admin) {
      await restoreDatabase(ctx, admin);
      await admin.end();
    }
    await ctx.close();
  });

  const put = (payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: `${apiPath('deviceProfile')}?id=${deviceId}`,
      headers: ctx.bearer(ctx.admin.token),
      payload,
    });

  it('keeps every marker out of the log through success, refusal, a failing statement and an outage', async () => {
    expect((await put(body())).statusCode).toBe(200);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `${apiPath('deviceProfile')}?id=${deviceId}`,
      headers: ctx.bearer(ctx.admin.token),
    });
    expect(read.body).toContain(MARKERS.notes);
    // The probe's 500: a lone surrogate in a contact's name, now a 400 naming it.
    const surrogate = await put(body('\ud800'));
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().message).toMatch(/^body\.contacts\.0\.name: /);

    // A statement that fails with the profile as its parameters: a 500, logged without them.
    await ctx.database.db.execute(
      sql.raw(
        `CREATE FUNCTION log_test_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$ LANGUAGE plpgsql`,
      ),
    );
    await ctx.database.db.execute(
      sql.raw(
        'CREATE TRIGGER log_test_fail BEFORE INSERT OR UPDATE ON device_profiles FOR EACH ROW EXECUTE FUNCTION log_test_fail()',
      ),
    );
    const failed = await put({ ...body(), notes: `${MARKERS.notes} 2` });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain('MRK');
    expect(lines.some((l) => l.includes('forced failure'))).toBe(true);

    // An outage: every PUT answered 503, two lines in all (one when PostgreSQL is back).
    admin = await cutDatabase(kind, ctx);
    for (let i = 0; i < 5; i++) expect((await put(body())).statusCode).toBe(503);
    const outageLines = () => lines.filter((l) => /database unavailable|database back/.test(l));
    expect(outageLines()).toHaveLength(1);
    expect(lines.filter((l) => l.includes('"level":50'))).toHaveLength(2); // the forced failure's two lines
    if (admin) {
      await restoreDatabase(ctx, admin);
      while (outageLines().length < 2) await new Promise((r) => setTimeout(r, 100));
      expect(JSON.parse(outageLines()[1]!)).toMatchObject({ msg: 'database back', answered503: 5 });
    }

    const log = lines.join('');
    for (const needle of NEEDLES) expect(log).not.toContain(needle);
    console.info(
      `personal-data log grep [${kind}]: ${lines.length} log lines, ${NEEDLES.length} markers, 0 found`,
    );
  });
});
