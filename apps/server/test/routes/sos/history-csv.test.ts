import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath, historyPageSchema } from '@sos/contract';
import { createTestApp, describeOnOneDb, type TestContext } from '../../helpers/app.js';
import { seedDevice, seedSos } from './reporting-fixtures.js';

const HEADER =
  'id,device,kind,raised,acknowledged,acknowledgedBy,escalated,closed,closedBy,outcome,note,calls\r\n';

describeOnOneDb('GET /api/sos/history.csv', (kind) => {
  let ctx: TestContext;
  let ids: number[];
  beforeAll(async () => {
    ctx = await createTestApp(kind);
    const names = ['Rossi, Mario', 'Il "Faro"', 'Piano 1\nstanza 2', 'جهاز غرفة المعيشة'];
    const devices = await Promise.all(names.map((name) => seedDevice(ctx, name)));
    ids = await seedSos(ctx, [
      {
        raised: '2026-02-01T10:00:00Z',
        deviceId: devices[0],
        ackAfterS: 12.5,
        ackBy: 'maria',
        escalateAfterS: 60,
        closeAfterS: 90,
        closedBy: 'luca',
        outcome: 'FALSE_ALARM',
        note: 'ok, "tutto" bene',
      },
      {
        raised: '2026-02-01T11:00:00Z',
        deviceId: devices[1],
        closeAfterS: 30,
        closedBy: 'maria',
        kind: 'FIRE',
      },
      {
        raised: '2026-02-01T12:00:00Z',
        deviceId: devices[2],
        closeAfterS: 30,
        closedBy: 'maria',
        outcome: 'TEST',
      },
      {
        raised: '2026-02-01T13:00:00Z',
        deviceId: devices[3],
        closeAfterS: 30,
        closedBy: 'زيد',
        note: 'ملاحظة\r\nثانية',
      },
    ]);
  });
  afterAll(async () => ctx.close());

  const csv = (query = '', token = ctx.admin.token) =>
    ctx.app.inject({ url: `${apiPath('sosHistoryCsv')}${query}`, headers: ctx.bearer(token) });

  it('writes RFC 4180 in UTF-8 with a BOM, a header, quoting and ISO UTC times, newest closure first', async () => {
    const res = await csv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sos-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.rawPayload.subarray(3).toString('utf8')).toBe(
      HEADER +
        `${ids[3]},جهاز غرفة المعيشة,PANIC,2026-02-01T13:00:00.000Z,,,,2026-02-01T13:00:30.000Z,زيد,,"ملاحظة\r\nثانية",0\r\n` +
        `${ids[2]},"Piano 1\nstanza 2",PANIC,2026-02-01T12:00:00.000Z,,,,2026-02-01T12:00:30.000Z,maria,TEST,,0\r\n` +
        `${ids[1]},"Il ""Faro""",FIRE,2026-02-01T11:00:00.000Z,,,,2026-02-01T11:00:30.000Z,maria,,,0\r\n` +
        `${ids[0]},"Rossi, Mario",PANIC,2026-02-01T10:00:00.000Z,2026-02-01T10:00:12.500Z,maria,2026-02-01T10:01:00.000Z,` +
        `2026-02-01T10:01:30.000Z,luca,FALSE_ALARM,"ok, ""tutto"" bene",0\r\n`,
    );
  });

  it('writes ?format=excel for a spreadsheet: BOM, ";", Rome times dd/MM/yyyy HH:mm:ss, Italian words', async () => {
    const res = await csv('?format=excel');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sos-history-\d{4}-\d{2}-\d{2}-excel\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.rawPayload.subarray(3).toString('utf8')).toBe(
      'ID;Dispositivo;Tipo;Data di apertura;Preso in carico;Preso in carico da;In ritardo;Data di chiusura;Chiuso da;Esito;Nota di chiusura;Chiamate\r\n' +
        `${ids[3]};جهاز غرفة المعيشة;Allarme personale;01/02/2026 14:00:00;;;;01/02/2026 14:00:30;زيد;;"ملاحظة\r\nثانية";0\r\n` +
        `${ids[2]};"Piano 1\nstanza 2";Allarme personale;01/02/2026 13:00:00;;;;01/02/2026 13:00:30;maria;Test;;0\r\n` +
        `${ids[1]};"Il ""Faro""";Incendio;01/02/2026 12:00:00;;;;01/02/2026 12:00:30;maria;;;0\r\n` +
        `${ids[0]};Rossi, Mario;Allarme personale;01/02/2026 11:00:00;01/02/2026 11:00:12;maria;01/02/2026 11:01:00;` +
        `01/02/2026 11:01:30;luca;Falso allarme;"ok, ""tutto"" bene";0\r\n`,
    );
    const english = (await csv('?format=excel&lang=en&outcome=FALSE_ALARM')).body;
    expect(english).toBe(
      '\uFEFFID;Device;Type;Opened on;Taken charge;Taken charge by;Overdue;Closed on;Closed by;Outcome;Closing note;Calls\r\n' +
        `${ids[0]};Rossi, Mario;Personal alarm;01/02/2026 11:00:00;01/02/2026 11:00:12;maria;01/02/2026 11:01:00;` +
        `01/02/2026 11:01:30;luca;False alarm;"ok, ""tutto"" bene";0\r\n`,
    );
    expect((await csv('?format=csv')).body).toBe((await csv()).body);
    expect((await csv('?format=xlsx')).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('format'),
    });
    expect((await csv('?format=excel&lang=xx')).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('lang'),
    });
  });

  it('holds the same SOS in the same order as the paged history, with its filters', async () => {
    for (const query of [
      '',
      '?outcome=TEST',
      '?outcome=NONE',
      '?from=2026-02-01T11:00:00Z&to=2026-02-01T12:30:00Z',
    ]) {
      const grid = historyPageSchema.parse(
        (
          await ctx.app.inject({
            url: `${apiPath('sosHistory')}${query}`,
            headers: ctx.bearer(ctx.admin.token),
          })
        ).json(),
      );
      const rows = (await csv(query)).body.split('\r\n').slice(1, -1);
      // A quoted name may hold a line break: count rows by their id at a line's start.
      const csvIds = rows
        .filter((line) => /^\d+,/.test(line))
        .map((line) => Number(line.split(',')[0]));
      expect(csvIds).toEqual(grid.items.map((s) => s.id));
      // "Non indicato" (outcome=NONE): the SOS closed without an outcome.
      if (query === '?outcome=NONE') expect(csvIds).toEqual([ids[3], ids[1]]);
    }
  });

  it('answers only the header when nothing matches, and refuses bad filters and employees', async () => {
    expect((await csv('?outcome=OTHER')).body).toBe(`\uFEFF${HEADER}`);
    expect((await csv('?deviceId=abc')).statusCode).toBe(400);
    expect((await csv('', ctx.employee.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: apiPath('sosHistoryCsv') })).statusCode).toBe(401);
  });

  // Runs last: it adds an SOS the tests above do not expect.
  it('writes a name or note that a spreadsheet would run as a formula as text (leading apostrophe)', async () => {
    const deviceId = await seedDevice(ctx, '=HYPERLINK("http://x.example","clic")');
    const [id] = await seedSos(ctx, [
      {
        raised: '2026-03-01T10:00:00Z',
        deviceId,
        closeAfterS: 5,
        closedBy: '@luca',
        note: '+39 02 1234',
      },
    ]);
    const rows = (await csv(`?deviceId=${deviceId}`)).body.split('\r\n').slice(1, -1);
    expect(rows).toEqual([
      `${id},"'=HYPERLINK(""http://x.example"",""clic"")",PANIC,2026-03-01T10:00:00.000Z,,,,2026-03-01T10:00:05.000Z,'@luca,,'+39 02 1234,0`,
    ]);
  });
});
