import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  apiPath,
  AUDIT_CSV_COLUMNS,
  auditPageSchema,
  auditVerifySchema,
  type AuditItem,
} from '@sos/contract';
import { createTestApp, describeEachDb, type TestContext } from '../helpers/app.js';
import { register } from '../routes/device/fixtures.js';
import { call, FROM } from './fixtures.js';

describeEachDb('GET /api/audit, /api/audit.csv, /api/audit/verify', (kind) => {
  let ctx: TestContext;
  let device = 0;
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    // 25 records: 24 profile readings (12 each) of a device whose name a spreadsheet would run, then one setting.
    device = (await register(ctx, 'csv-1', '=HYPERLINK("http://x", "a, b")')).json<{ id: number }>()
      .id;
    for (let i = 0; i < 12; i++) {
      for (const token of [ctx.employee.token, ctx.admin.token]) {
        await call(ctx, 'GET', `${apiPath('deviceProfile')}?id=${device}`, token);
      }
    }
    await call(ctx, 'POST', apiPath('confAlarm'), ctx.admin.token, { ackTargetSeconds: 45 });
  });
  afterAll(async () => ctx.close());

  const page = async (query: string) => {
    const res = await call(ctx, 'GET', `${apiPath('audit')}?${query}`, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    return auditPageSchema.parse(res.json());
  };

  it('pages every record newest first with a cursor, 20 by default, and counts them all', async () => {
    const first = await page('');
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      action: 'ALARM_CONF_CHANGED',
      actor: { username: 'admin' },
      address: FROM,
    });
    const second = await page(`cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(25);
    expect((await page('limit=500')).items).toHaveLength(25);
  });

  it('filters by action, by user whatever the case, and by time', async () => {
    const byEmployee = await page('actor=EMPLOYEE&limit=100');
    expect(byEmployee.total).toBe(12);
    expect(
      byEmployee.items.every(
        (i: AuditItem) => i.actor?.username === 'employee' && i.action === 'PROFILE_VIEWED',
      ),
    ).toBe(true);
    expect((await page('action=ALARM_CONF_CHANGED')).total).toBe(1);
    expect((await page('action=ALARM_CONF_CHANGED&actor=employee')).total).toBe(0);
    const newest = (await page('limit=1')).items[0]!;
    expect((await page(`from=${encodeURIComponent(newest.at)}`)).items.map((i) => i.id)).toEqual([
      newest.id,
    ]);
    expect((await page(`to=${encodeURIComponent(newest.at)}`)).total).toBe(24);
    expect((await page('from=2000-01-01&to=2000-01-02')).total).toBe(0);
  });

  it('answers 400 naming the field for a bad limit, cursor, action or date; 403 to an employee; 401 unsigned', async () => {
    for (const [query, field] of [
      ['limit=501', 'limit'],
      ['limit=0', 'limit'],
      ['cursor=bm9wZQ', 'cursor'],
      ['action=LOGGED', 'action'],
      ['from=yesterday', 'from'],
    ] as const) {
      const res = await call(ctx, 'GET', `${apiPath('audit')}?${query}`, ctx.admin.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(field);
    }
    for (const path of ['audit', 'auditCsv', 'auditVerify'] as const) {
      expect((await call(ctx, 'GET', apiPath(path), ctx.employee.token)).statusCode).toBe(403);
      expect((await call(ctx, 'GET', apiPath(path))).statusCode).toBe(401);
    }
  });

  it('exports the records the filters match as RFC 4180 CSV with a BOM, formula-safe', async () => {
    const res = await call(ctx, 'GET', `${apiPath('auditCsv')}?actor=employee`, ctx.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF' + AUDIT_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe(
      '\uFEFFid,at,actor,address,action,targetType,targetId,targetLabel,details',
    );
    expect(lines).toHaveLength(1 + 12 + 1); // the header, 12 rows, the empty rest after the last CRLF
    const { items } = await page('actor=employee&limit=1');
    const item = items[0]!;
    expect(lines[1]).toBe(
      `${item.id},${item.at},employee,${FROM},PROFILE_VIEWED,DEVICE,${device},"'=HYPERLINK(""http://x"", ""a, b"")",`,
    );
    // For a spreadsheet: ";", the time in Rome as dd/MM/yyyy HH:mm:ss, Italian words; the rest as in the plain CSV.
    const excel = await call(
      ctx,
      'GET',
      `${apiPath('auditCsv')}?actor=employee&format=excel`,
      ctx.admin.token,
    );
    expect(excel.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}-excel\.csv"$/,
    );
    const excelLines = excel.body.split('\r\n');
    expect(excelLines[0]).toBe(
      '\uFEFFID;Data e ora;Utente;Indirizzo;Azione;Tipo di oggetto;ID oggetto;Oggetto;Dettagli',
    );
    const rome = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    expect(excelLines[1]).toBe(
      `${item.id};${rome.format(new Date(item.at)).replace(',', '')};employee;${FROM};Scheda assistito consultata;Dispositivo;${device};"'=HYPERLINK(""http://x"", ""a, b"")";`,
    );
    expect(excelLines).toHaveLength(lines.length);
    const conf = (
      await call(ctx, 'GET', `${apiPath('auditCsv')}?action=ALARM_CONF_CHANGED`, ctx.admin.token)
    ).body.split('\r\n')[1];
    expect(conf).toMatch(
      /,CONF,alarm,alarm,"\{""after"":\{""ackTargetSeconds"":45,""dashboardOrder"":""NEWEST"",""offlineAfterSeconds"":300,""requireOutcome"":false\},""before"":\{""ackTargetSeconds"":60,""dashboardOrder"":""NEWEST"",""offlineAfterSeconds"":300,""requireOutcome"":false\}\}"$/,
    );
  });

  it('verifies the whole chain', async () => {
    const res = await call(ctx, 'GET', apiPath('auditVerify'), ctx.admin.token);
    const body = auditVerifySchema.parse(res.json());
    // 25, the two exports above, and any record written since.
    expect(body).toMatchObject({ ok: true, firstBadId: null });
    expect(body.checked).toBeGreaterThanOrEqual(27);
  });
});
