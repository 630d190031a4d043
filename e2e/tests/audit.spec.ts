import { AUDIT_CSV_COLUMNS } from '@sos/contract';
import { expect, test } from '../support/fixtures.js';
import { dateTimeSeconds } from '../support/format.js';
import { AuditPage } from '../pages/AuditPage.js';

test.describe('"Registro attività" (/audit)', () => {
  test('an action taken in the console appears with the user and the time; the CSV downloads', async ({
    page,
    signIn,
    admin,
  }) => {
    await signIn();
    // The action: the alarm settings saved from Settings (with their value unchanged, so
    // that nothing else in the run is affected).
    await page.goto('/settings');
    const field = page.locator('input[name="ackTargetSeconds"]');
    await expect(field).not.toHaveValue('');
    const before = (await admin.audit('action=ALARM_CONF_CHANGED')).total;
    await field.fill(await field.inputValue());
    await page
      .locator('form')
      .filter({ has: field })
      .getByRole('button', { name: 'Salva' })
      .click();
    await expect
      .poll(async () => (await admin.audit('action=ALARM_CONF_CHANGED')).total)
      .toBe(before + 1);
    const record = (await admin.audit('action=ALARM_CONF_CHANGED&limit=1')).items[0]!;

    const audit = new AuditPage(page);
    await audit.open();
    await audit.filterByAction('Impostazioni allarme cambiate');
    await expect(
      audit.grid.getByRole('gridcell', { name: dateTimeSeconds(record.at) }).first(),
    ).toBeVisible();
    expect(await audit.cells(audit.rows.first())).toMatchObject({
      'Data e ora': dateTimeSeconds(record.at),
      Utente: 'admin',
      Indirizzo: '127.0.0.1',
      Azione: 'Impostazioni allarme cambiate',
      Oggetto: 'alarm',
    });

    // "Verifica integrità" on the real chain: the server checks every record, none altered.
    await page.getByRole('button', { name: 'Verifica integrità' }).click();
    await expect(page.getByRole('status')).toHaveText(/^Registro integro: [\d.]+ voci verificate$/);

    const csv = await audit.exportCsv();
    expect(csv.filename).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('\uFEFF' + AUDIT_CSV_COLUMNS.join(','));
    expect(lines[1]).toMatch(
      new RegExp(
        `^${record.id},${record.at.replaceAll('.', '\\.')},admin,127\\.0\\.0\\.1,ALARM_CONF_CHANGED,CONF,alarm,alarm,`,
      ),
    );
    expect(lines.slice(1, -1).every((line) => line.includes(',ALARM_CONF_CHANGED,'))).toBe(true);
  });
});
