import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sosTimelineSchema, voiceCredentialsSchema, type VoiceEvent } from '@sos/contract';
import { ephemeralCredentials } from '../../src/voice/credentials.js';
import { findVoicePrograms } from '../../src/voice/packages.js';
import { users } from '../../src/db/schema.js';
import { openSession } from '../../src/auth/sessions.js';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { deviceWithOpenSos } from '../routes/device/fixtures.js';
import { putProfile, timelineOf } from '../routes/sos/handling-fixtures.js';
import { Baresip, freePorts } from './baresip.js';
import { sineWav, toneOf } from './tone.js';
import { until, wait } from '../helpers/until.js';

/**
 * Voice with the real parts (docs/voice.md): the server runs Kamailio and rtpengine; baresip
 * plays a SCAIP unit calling sos@, an operator's phone answering it, and a phone registered
 * under a number. CI installs the packages (.ci/run); elsewhere this suite says it is skipped.
 */
const installed = !('missing' in findVoicePrograms());
if (!installed)
  console.warn(
    'voice: kamailio, rtpengine or their modules are not installed: the real-parts voice tests are SKIPPED',
  );

const SECRET = 'managed-voice-test-secret-0123456789abcdef';
(installed ? describe : describe.skip)(
  'voice with Kamailio, rtpengine and baresip (managed)',
  () => {
    let ctx: TestContext;
    let sip: number;
    let dir: string;
    const phones: Baresip[] = [];
    const posted: VoiceEvent[] = [];
    /** While true the server answers Kamailio's events 503, as a server that is down would not answer. */
    let refuseEvents = false;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'sos-voice-test-'));
      sineWav(join(dir, 'tone440.wav'), 440, 20);
      sineWav(join(dir, 'tone1000.wav'), 1000, 20);
      sip = await freePorts(3);
      ctx = await createTestApp(
        'embedded',
        {},
        (app) => {
          app.addHook('preHandler', async (request, reply) => {
            if (request.url !== '/api/voice/events') return;
            if (refuseEvents) return reply.code(503).send();
            posted.push(request.body as VoiceEvent);
          });
        },
        undefined,
        {
          voice: {
            managed: true,
            secret: SECRET,
            settings: {
              sipPort: sip,
              host: '127.0.0.1',
              publicHost: undefined,
              rtpPorts: [sip + 3, sip + 200],
              trunk: undefined,
              scaipPort: null,
            },
          },
        },
      );
      const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      await ctx.app.voice!.start(url, null);
    }, 60_000);

    // A test's phones go with it: a phone left registered under a number would be rung by the
    // next attempt's call too (a retry on CI), and keep that call ringing past its wait.
    afterEach(async () => {
      await Promise.all(phones.splice(0).map((p) => p.stop()));
    });

    afterAll(async () => {
      await ctx?.close();
      rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    const phone = async (name: string, account: string, wav = 'tone1000.wav') => {
      const started = await Baresip.start(join(dir, name), account, join(dir, wav));
      phones.push(started);
      return started;
    };
    const at = () => `127.0.0.1:${sip}`;
    /** A number no earlier attempt registered. */
    const freshNumber = () => `+3906${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    /** Waits like `until`; when it gives up, says what the phones and Kamailio saw. */
    const untilOrLogs = async <T>(
      what: string,
      read: () => T | undefined | Promise<T | undefined>,
    ) => {
      try {
        return await until(what, read);
      } catch (err) {
        const file = join(ctx.app.voice!.managed!.dir, 'kamailio.log');
        const kamailio = existsSync(file) ? readFileSync(file, 'utf8').slice(-3000) : '(no log)';
        const seen = phones.map((p) => `--- ${p.dir}\n${p.log.slice(-1500)}`).join('\n');
        throw new Error(`${(err as Error).message}\n${seen}\n--- kamailio.log\n${kamailio}`);
      }
    };

    it('runs Kamailio and rtpengine, and starts Kamailio again when it dies', async () => {
      const managed = ctx.app.voice!.managed!;
      const before = managed.kamailio.currentPid!;
      expect(() => process.kill(before, 0)).not.toThrow();
      expect(() => process.kill(managed.rtpengine.currentPid!, 0)).not.toThrow();
      process.kill(before, 'SIGKILL');
      await until('a new Kamailio', () =>
        managed.kamailio.currentPid !== before ? true : undefined,
      );
      expect(managed.kamailio.restarts).toBe(1);
    });

    it('rings the operator when the unit calls sos@; audio both ways; the CALL entry is written from the SIP side', async () => {
      const unitSos = await deviceWithOpenSos(ctx, 'SCAIP-4711', 'Casa Rossi');
      const credentials = voiceCredentialsSchema.parse(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/voice/credentials',
            headers: ctx.bearer(ctx.employee.token),
          })
        ).json(),
      );
      const user = credentials.username.split(':')[1]!;
      // The operator's softphone: registered with the server's credentials, answering at once.
      const operator = await phone(
        'operator',
        `<sip:${user}@${at()};transport=udp>;auth_user=${credentials.username};auth_pass=${credentials.password};regint=600;answermode=auto`,
      );
      await until('the operator registered', () => (operator.registered() ? true : undefined));
      const unit = await phone('unit', `<sip:4711@${at()};transport=udp>;regint=0`, 'tone440.wav');
      unit.command('dial', `sip:sos@${at()}`);
      await unit.event('CALL_ESTABLISHED');
      await operator.event('CALL_ESTABLISHED');
      await wait(2500);
      unit.command('hangup');
      await until('the unit hung up', () => operator.events.find((e) => e.type === 'CALL_CLOSED'));
      const [entry] = await until('the CALL entry', async () => {
        const calls = sosTimelineSchema
          .parse((await timelineOf(ctx, unitSos.sosId)).json())
          .filter((e) => e.type === 'CALL');
        return calls.length > 0 ? calls : undefined;
      });
      expect(entry).toMatchObject({
        by: { id: ctx.employee.id },
        call: { to: 'DEVICE', via: 'VOICE', direction: 'IN', result: 'ANSWERED' },
      });
      expect(entry!.call!.durationS).toBeGreaterThanOrEqual(2);
      expect(entry!.call!.durationS).toBeLessThanOrEqual(4);
      // Each side heard the other's tone through rtpengine.
      expect(Math.abs(toneOf(operator.heard()[0]!) - 440)).toBeLessThan(25);
      expect(Math.abs(toneOf(unit.heard()[0]!) - 1000)).toBeLessThan(40);
    }, 60_000);

    it('reaches the phone registered under a number; its answer and end reach the server', async () => {
      const number = freshNumber();
      const { sosId, deviceId } = await deviceWithOpenSos(ctx, 'voice-out', 'Casa Verdi');
      expect(
        (
          await putProfile(ctx, deviceId, {
            residentName: 'Anna Verdi',
            phone: number,
            contacts: [],
          })
        ).statusCode,
      ).toBe(200);
      const made = ephemeralCredentials(SECRET, number);
      const resident = await phone(
        'resident',
        `<sip:${number}@${at()};transport=udp>;auth_user=${made.username};auth_pass=${made.password};regint=600;answermode=auto`,
      );
      await until('the phone registered', () => (resident.registered() ? true : undefined));
      const op = ephemeralCredentials(SECRET, `op-${ctx.admin.id}`);
      const operator = await phone(
        'operator-out',
        `<sip:op-${ctx.admin.id}@${at()};transport=udp>;auth_user=${op.username};auth_pass=${op.password};regint=0`,
      );
      const first = posted.length;
      operator.command('dial', `sip:${number}@${at()}`);
      await resident.event('CALL_ESTABLISHED');
      await wait(1500);
      operator.command('hangup');
      const end = await untilOrLogs('the end event', () =>
        posted.slice(first).find((e) => e.event === 'end'),
      );
      expect(end).toMatchObject({
        direction: 'OUT',
        from: `op-${ctx.admin.id}`,
        to: number,
        operator: `op-${ctx.admin.id}`,
        code: 200,
      });
      expect(end.endedAt! - end.answeredAt!).toBeGreaterThan(1);
      expect(sosId).toBeGreaterThan(0);
    }, 60_000);

    it('reports a busy number with its code (486), which the server records as BUSY', async () => {
      const number = freshNumber();
      const made = ephemeralCredentials(SECRET, number);
      const busy = await phone(
        'busy',
        `<sip:${number}@${at()};transport=udp>;auth_user=${made.username};auth_pass=${made.password};regint=600`,
      );
      await until('the phone registered', () => (busy.registered() ? true : undefined));
      const op = ephemeralCredentials(SECRET, `op-${ctx.admin.id}`);
      const operator = await phone(
        'operator-busy',
        `<sip:op-${ctx.admin.id}@${at()};transport=udp>;auth_user=${op.username};auth_pass=${op.password};regint=0`,
      );
      const first = posted.length;
      operator.command('dial', `sip:${number}@${at()}`);
      await busy.event('CALL_INCOMING');
      busy.command('hangup');
      const end = await untilOrLogs('the end event', () =>
        posted.slice(first).find((e) => e.event === 'end'),
      );
      expect(end).toMatchObject({ direction: 'OUT', to: number, code: 486 });
    }, 60_000);

    it('refuses the registration of a deleted user, whatever credentials he kept', async () => {
      // A name of its own: a retry (CI) must not meet the user a failed attempt left behind.
      const username = `leaving-${Date.now().toString(36)}`;
      const [row] = await ctx.database.db
        .insert(users)
        .values({
          username,
          email: `${username}@example.com`,
          role: 'EMPLOYEE',
          passwordHash: 'x',
        })
        .returning({ id: users.id });
      await openSession(ctx.database.db, row!.id);
      const kept = ephemeralCredentials(SECRET, `op-${row!.id}`);
      const account = `<sip:op-${row!.id}@${at()};transport=udp>;auth_user=${kept.username};auth_pass=${kept.password};regint=600`;
      const before = await phone('leaving-before', account);
      await until('the user registered', () => (before.registered() ? true : undefined));
      await ctx.database.db.delete(users).where(eq(users.id, row!.id));
      const after = await phone('leaving-after', account);
      await until('the refusal', () =>
        /403 Voice not allowed/.test(after.log) ? true : undefined,
      );
      expect(after.registered()).toBe(false);
    }, 60_000);

    it('keeps a call end the server could not take, and writes it once the server answers again', async () => {
      const unitSos = await deviceWithOpenSos(ctx, 'SCAIP-4720', 'Casa Neri');
      const op = ephemeralCredentials(SECRET, `op-${ctx.employee.id}`);
      const operator = await phone(
        'operator-retry',
        `<sip:op-${ctx.employee.id}@${at()};transport=udp>;auth_user=${op.username};auth_pass=${op.password};regint=600;answermode=auto`,
      );
      await until('the operator registered', () => (operator.registered() ? true : undefined));
      const unit = await phone(
        'unit-retry',
        `<sip:4720@${at()};transport=udp>;regint=0`,
        'tone440.wav',
      );
      const calls = async () =>
        sosTimelineSchema
          .parse((await timelineOf(ctx, unitSos.sosId)).json())
          .filter((e) => e.type === 'CALL');
      refuseEvents = true;
      unit.command('dial', `sip:sos@${at()}`);
      await unit.event('CALL_ESTABLISHED');
      await wait(1000);
      unit.command('hangup');
      await unit.event('CALL_CLOSED');
      await wait(1500);
      expect(await calls()).toEqual([]);
      refuseEvents = false;
      const [entry] = await until('the CALL entry', async () =>
        (await calls()).length > 0 ? calls() : undefined,
      );
      expect(entry!.call).toMatchObject({
        to: 'DEVICE',
        direction: 'IN',
        result: 'ANSWERED',
        via: 'VOICE',
      });
      await wait(1000);
      expect(await calls()).toHaveLength(1);
    }, 60_000);
  },
);
