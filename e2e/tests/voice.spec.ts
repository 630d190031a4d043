import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VOICE, VOICE_MISSING } from '../voice.env.js';
import { login } from '../support/api.js';
import { Baresip, ephemeralCredentials, sineWav, toneOf } from '../support/baresip.js';
import { raiseSos, SimDevice } from '../support/devices.js';
import { expect, seedStorage, sessionStorageItems, test } from '../support/fixtures.js';
import { uid } from '../support/unique.js';
import { expectLengthWithin1s, moment, voiceCalls } from '../support/voice-calls.js';
import { DashboardPage } from '../pages/DashboardPage.js';
import { SosDetail } from '../pages/SosDetail.js';
import { CallOut } from '../pages/CallOut.js';
import { Voice } from '../pages/Voice.js';

/*
 * Voice end to end with the real parts (docs/voice.md): the server manages Kamailio and
 * rtpengine, baresip is the unit's speakerphone or the called phone, Chromium's fake microphone
 * sends 440 Hz. Run by playwright.voice.config.ts (its own server, voice on).
 */
const missing = VOICE_MISSING.join(' ');
if (missing)
  console.warn(`voice.spec: SKIPPED, not installed: ${missing} (apt-get install ${missing})`);
test.skip(missing !== '', `voice packages not installed: ${missing}`);

const sip = `127.0.0.1:${VOICE.sipPort}`;
const SHOTS = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
let dir: string;
const phones: Baresip[] = [];

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sos-voice-e2e-'));
  mkdirSync(SHOTS, { recursive: true });
  // baresip hangs up when its file ends: long enough for a test's call on a loaded machine.
  sineWav(join(dir, 'tone1000.wav'), 1000, 180);
});
test.afterEach(async () => {
  await Promise.all(phones.splice(0).map((phone) => phone.stop()));
});

const baresip = async (name: string, account: string) => {
  const phone = await Baresip.start(
    join(dir, `${name}-${uid('b')}`),
    account,
    join(dir, 'tone1000.wav'),
  );
  phones.push(phone);
  return phone;
};

test.describe('voice (docs/voice.md)', () => {
  /**
   * A SCAIP-style unit (the server knows it by its serial SCAIP-<cid>, with an open SOS) calls
   * sos@ while two operators are signed in; the first answers. Returns what the tests check.
   */
  async function unitCallsIn({
    page,
    browser,
    signIn,
    people,
  }: Pick<Parameters<Parameters<typeof test>[2]>[0], 'page' | 'browser' | 'signIn' | 'people'>) {
    const cid = uid('unit').replace(/[^a-z0-9]/gi, '');
    const sim = new SimDevice(`SCAIP-${cid}`, `Ciondolo ${cid}`);
    expect((await sim.register()).status).toBe(201);
    const sos = await raiseSos(sim);
    await signIn();
    const first = await Voice.signedIn(page);
    const employee = await people.create({ role: 'EMPLOYEE' });
    // The colleague reads Arabic, in the dark theme, on a phone (390 px): the screenshots' second look.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const otherPage = await other.newPage();
    const items = sessionStorageItems(await login(employee.username, employee.password));
    await seedStorage(otherPage, { ...items, language: 'ar', 'current-theme': 'dark' });
    const second = await Voice.signedIn(otherPage, false);

    const unit = await baresip('unit', `<sip:${cid}@${sip};transport=udp>;regint=0`);
    unit.command('dial', `sip:sos@${sip}`);
    await expect(first.banner).toContainText(`Chiamata dal dispositivo Ciondolo ${cid}`);
    await expect(second.banner).toContainText(`مكالمة من الجهاز Ciondolo ${cid}`);
    await page.screenshot({ path: `${SHOTS}voice-banner-it-light.png`, animations: 'disabled' });
    await otherPage.screenshot({
      path: `${SHOTS}voice-banner-ar-dark-390.png`,
      animations: 'disabled',
    });
    const detail = new SosDetail(page);
    const inCall = new Voice(page, detail.dialog);
    const answered = await moment(async () => {
      await first.answer.click();
      await expect(inCall.timer).toBeVisible();
    });
    await detail.waitOpen();
    return {
      sos,
      first,
      second,
      other,
      unit,
      detail,
      inCall,
      answered,
    };
  }

  test('a unit calls in: both consoles ring, the first "Rispondi" wins and the other stops ringing; the in-call bar', async ({
    page,
    browser,
    signIn,
    people,
  }) => {
    test.setTimeout(180_000);
    const { second, other, detail, inCall } = await unitCallsIn({ page, browser, signIn, people });
    try {
      // Kamailio cancels the call at the other console: its banner (and ring) go.
      await expect(second.banner).toHaveCount(0);
      await expect(detail.takeCharge).toHaveCount(0); // "Rispondi" took charge of the SOS
      await expect(inCall.timer).toHaveText(/^In chiamata \d\d:\d\d$/);
      await detail.dialog.screenshot({
        path: `${SHOTS}voice-in-call-it-light.png`,
        animations: 'disabled',
      });
      const controls = inCall.inCall.getByRole('group', { name: 'Audio del dispositivo' });
      for (const name of ['Parla e ascolta', 'Solo ascolto', 'Solo parla'])
        await expect(controls.getByRole('button', { name })).toBeVisible();
      await inCall.hangUp.click();
      await expect(inCall.inCall).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('an answered unit: audio both ways (measured), SCAIP controls as DTMF at the unit, hang-up → one CALL entry IN, DEVICE, its length within 1 s', async ({
    page,
    browser,
    signIn,
    people,
    admin,
  }) => {
    test.setTimeout(180_000);
    const { sos, first, other, unit, detail, inCall, answered } = await unitCallsIn({
      page,
      browser,
      signIn,
      people,
    });
    try {
      // The browser hears the unit's 1000 Hz on its remote track (AnalyserNode).
      await expect.poll(async () => Math.abs((await first.remoteTone()) - 1000)).toBeLessThan(40);
      // SCAIP's in-call controls reach the unit as RFC 4733 events (baresip reports each digit).
      const controls = inCall.inCall.getByRole('group', { name: 'Audio del dispositivo' });
      for (const [name, digit] of [
        ['Solo ascolto', '7'],
        ['Solo parla', '8'],
        ['Parla e ascolta', '4'],
      ] as const) {
        await controls.getByRole('button', { name }).click();
        await expect
          .poll(() => unit.events.filter((e) => e.type === 'CALL_DTMF_START').map((e) => e.param))
          .toContain(digit);
      }
      await page.waitForTimeout(1000); // speak for a while: the recorded call has a length to check
      const ended = await moment(async () => {
        await inCall.hangUp.click();
        await expect(inCall.inCall).toHaveCount(0);
      });
      // The BYE goes at once (the browser got its ACK through its WebSocket's alias): the entry
      // is there within a few of Kamailio's 200 ms event ticks (seconds on a loaded machine),
      // not after JsSIP's 32 s ACK wait.
      await expect.poll(async () => voiceCalls(await admin.timeline(sos.id)).length).toBe(1);
      const call = voiceCalls(await admin.timeline(sos.id))[0]!.call!;
      expect(call).toMatchObject({ direction: 'IN', to: 'DEVICE', result: 'ANSWERED' });
      expectLengthWithin1s(call.durationS!, answered, ended);
      await expect(detail.timeline).toContainText(/Chiamata in arrivo \(00:\d\d\)/);
      // The unit recorded the fake microphone's 440 Hz.
      await unit.stop();
      expect(Math.abs(toneOf(unit.heard()[0]!) - 440)).toBeLessThan(25);
    } finally {
      await other.close();
    }
  });

  test('"Chiama" rings the phone registered under the resident\'s number: answered with its length, busy as BUSY', async ({
    page,
    browser,
    signIn,
    fleet,
    admin,
    people,
  }) => {
    test.setTimeout(180_000);
    const number = `+39 06 ${String(Date.now()).slice(-8)}`;
    const user = number.replace(/[^+0-9]/g, '');
    const { sim, device } = await fleet.add(`Casa ${uid('d')}`);
    await admin.putProfile(device.id, {
      residentName: 'Giuseppina Ferraro',
      address: null,
      phone: number,
      notes: null,
      contacts: [],
    });
    const sos = await raiseSos(sim);
    const made = ephemeralCredentials(VOICE.secret, user);
    const resident = await baresip(
      'resident',
      `<sip:${user}@${sip};transport=udp>;auth_user=${made.username};auth_pass=${made.password};regint=600`,
    );
    await expect.poll(() => resident.registered(), { timeout: 15_000 }).toBe(true);

    await signIn();
    const voice = await Voice.signedIn(page);
    const dashboard = new DashboardPage(page);
    await dashboard.detailButton(device.displayName).click();
    const detail = new SosDetail(page);
    await detail.waitOpen();
    const callOut = new CallOut(page, detail.dialog);
    const inCall = new Voice(page, detail.dialog);
    await expect(voice.dial(callOut.row('Giuseppina Ferraro'))).toBeEnabled();
    await callOut.list.screenshot({
      path: `${SHOTS}voice-call-out-it-light.png`,
      animations: 'disabled',
    });

    // Answered: the phone picks up, the operator hangs up after a while.
    await voice.dial(callOut.row('Giuseppina Ferraro')).click();
    await resident.event('CALL_INCOMING');
    const answered = await moment(async () => {
      resident.command('accept');
      await expect(inCall.timer).toHaveText(/^In chiamata/);
    });
    await page.waitForTimeout(2000); // a call with a length
    const ended = await moment(async () => {
      await inCall.hangUp.click();
      await expect(inCall.inCall).toHaveCount(0);
    });
    await expect
      .poll(async () => voiceCalls(await admin.timeline(sos.id)).map((e) => e.call!.result), {
        timeout: 15_000,
      })
      .toEqual(['ANSWERED']);
    const answeredCall = voiceCalls(await admin.timeline(sos.id))[0]!.call!;
    expect(answeredCall).toMatchObject({ direction: 'OUT', to: 'RESIDENT' });
    expectLengthWithin1s(answeredCall.durationS!, answered, ended);
    await expect(detail.timeline).toContainText('Chiamata effettuata (00:0');

    // Busy: the phone refuses with 486.
    resident.events.length = 0;
    await voice.dial(callOut.row('Giuseppina Ferraro')).click();
    await resident.event('CALL_INCOMING');
    resident.command('hangup'); // a ringing phone's hang-up answers 486 Busy Here
    await expect(inCall.inCall).toHaveCount(0);
    await expect
      .poll(async () => voiceCalls(await admin.timeline(sos.id)).map((e) => e.call!.result), {
        timeout: 15_000,
      })
      .toEqual(['ANSWERED', 'BUSY']);

    // The same call-out and call in Arabic, dark, on a phone (390 px): the screenshots' second look.
    const employee = await people.create({ role: 'EMPLOYEE' });
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const arabic = await phone.newPage();
      const items = sessionStorageItems(await login(employee.username, employee.password));
      await seedStorage(arabic, { ...items, language: 'ar', 'current-theme': 'dark' });
      await Voice.signedIn(arabic, false);
      // The card's "تفاصيل {name}" (the name bidi-isolated: matched around its marks).
      await arabic
        .getByRole('button', { name: new RegExp(`^تفاصيل.*${device.displayName}`) })
        .click();
      // The page objects name things in Italian: here the Arabic names.
      const arDialog = arabic.getByRole('dialog');
      await expect(arDialog).toBeVisible();
      const arList = arDialog.getByRole('list', { name: 'المكالمات' });
      const arRow = arList.getByRole('listitem').filter({ hasText: 'Giuseppina Ferraro' });
      const arDial = arRow.getByRole('button', { name: /^الاتصال/ });
      await expect(arDial).toBeEnabled();
      await arList.screenshot({
        path: `${SHOTS}voice-call-out-ar-dark-390.png`,
        animations: 'disabled',
      });
      resident.events.length = 0;
      await arDial.click();
      await resident.event('CALL_INCOMING');
      resident.command('accept');
      const arInCall = arDialog.getByTestId('in-call');
      await expect(arInCall.getByRole('timer')).toHaveText(/^في مكالمة/);
      await arInCall.screenshot({
        path: `${SHOTS}voice-in-call-ar-dark-390.png`,
        animations: 'disabled',
      });
      await arInCall.getByRole('button', { name: 'إنهاء المكالمة' }).click();
      await expect(arInCall).toHaveCount(0);
    } finally {
      await phone.close();
    }
  });
});
