import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, sosSchema, sosTimelineSchema } from '@sos/contract';
import { findVoicePrograms } from '../../src/voice/packages.js';
import { Baresip, freePorts } from './baresip.js';
import { loudSeconds, sineWav, toneOf } from './tone.js';
import { until, wait } from '../helpers/until.js';
import { VoiceServer } from './voice-process.js';

/**
 * Voice with a real server process, Kamailio, rtpengine and baresip (docs/voice.md, "What
 * happens when a part dies"): a call nobody answers rings 30 s (Kamailio's fr_inv_timer, which
 * the design fixes: no variable shortens it) and is NO_ANSWER; a call survives the server and
 * its record is written once the server is back; daemons left by a server killed during its
 * own start are reclaimed by the next start and stopped with it.
 */
const installed = !('missing' in findVoicePrograms());
if (!installed)
  console.warn(
    'voice: kamailio or rtpengine is not installed: the voice restart tests are SKIPPED',
  );

const SECRET = 'restart-voice-test-secret-0123456789abcdef';

(installed ? describe : describe.skip)('voice when the server is killed', () => {
  let dir: string;
  const phones: Baresip[] = [];
  const servers: VoiceServer[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sos-voice-restart-'));
    sineWav(join(dir, 'tone440.wav'), 440, 30);
    sineWav(join(dir, 'tone1000.wav'), 1000, 30);
  });
  afterAll(async () => {
    await Promise.all(phones.map((p) => p.stop()));
    for (const server of servers) await server.kill('SIGTERM');
    for (const server of servers) rmSync(server.data, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  const server = async (httpPort = 0) => {
    const made = new VoiceServer(await freePorts(3), SECRET, httpPort);
    servers.push(made);
    return made;
  };
  const phone = async (name: string, account: string, wav: string) => {
    const started = await Baresip.start(join(dir, name), account, join(dir, wav));
    phones.push(started);
    return started;
  };

  /**
   * A server, a SCAIP unit's open SOS, the admin's softphone registered (answering at once or
   * never), and the unit about to call sos@.
   */
  const scene = async (cid: string, answer: boolean, httpPort = 0) => {
    const voice = await server(httpPort);
    await voice.start();
    const at = `127.0.0.1:${voice.sipPort}`;
    const token = await voice.signIn();
    expect((await voice.device('deviceRegister', `SCAIP-${cid}`)).status).toBe(201);
    const sos = sosSchema.parse(await (await voice.device('deviceSos', `SCAIP-${cid}`)).json());
    const { username, password } = await voice.credentials(token);
    const operator = await phone(
      `operator-${cid}`,
      `<sip:${username.split(':')[1]}@${at};transport=udp>;auth_user=${username};auth_pass=${password};regint=600${answer ? ';answermode=auto' : ''}`,
      'tone1000.wav',
    );
    await until('the operator registered', () => (operator.registered() ? true : undefined));
    const unit = await phone(
      `unit-${cid}`,
      `<sip:${cid}@${at};transport=udp>;regint=0`,
      'tone440.wav',
    );
    const calls = async () =>
      sosTimelineSchema
        .parse(
          await (
            await voice.get(`${apiPath('sosTimeline')}?sosId=${sos.id}`, await voice.signIn())
          ).json(),
        )
        .filter((e) => e.type === 'CALL');
    return { voice, at, operator, unit, calls };
  };

  it('records a call nobody answered in 30 s as NO_ANSWER, with no operator', async () => {
    // Registered, rings, never answers.
    const { voice, at, operator, unit, calls } = await scene('4732', false);
    unit.command('dial', `sip:sos@${at}`);
    await operator.event('CALL_INCOMING');
    const rang = Date.now();
    const closed = await unit.event('CALL_CLOSED', 40_000);
    expect(closed.param).toMatch(/408/);
    expect((Date.now() - rang) / 1000).toBeGreaterThan(29);
    const [entry] = await until('the CALL entry', async () => {
      const found = await calls();
      return found.length > 0 ? found : undefined;
    });
    expect(entry!.by).toBeNull();
    expect(entry!.call).toMatchObject({
      to: 'DEVICE',
      via: 'VOICE',
      direction: 'IN',
      result: 'NO_ANSWER',
      durationS: null,
    });
    await voice.kill('SIGTERM');
  }, 90_000);

  it('keeps the call and its audio while the server is down; the CALL entry comes once it is back', async () => {
    const { voice, at, operator, unit, calls } = await scene('4731', true, await freePorts(1));
    unit.command('dial', `sip:sos@${at}`);
    await unit.event('CALL_ESTABLISHED');
    const answered = Date.now();
    const daemons = voice.daemons();
    await wait(1000);

    await voice.kill('SIGKILL');
    await wait(3000);
    // The daemons still run and nobody hung up: the call is in Kamailio and rtpengine.
    expect(voice.daemons().map((p) => p.pid)).toEqual(daemons.map((p) => p.pid));
    expect(unit.events.concat(operator.events).some((e) => e.type === 'CALL_CLOSED')).toBe(false);
    unit.command('hangup');
    const ended = Date.now();
    await operator.event('CALL_CLOSED');

    await voice.start();
    // The same Kamailio and rtpengine, adopted (same configuration), not started again.
    expect(voice.daemons().map((p) => p.pid)).toEqual(daemons.map((p) => p.pid));
    const [entry] = await until('the CALL entry', async () => {
      const found = await calls();
      return found.length > 0 ? found : undefined;
    });
    expect(entry!.call).toMatchObject({
      to: 'DEVICE',
      via: 'VOICE',
      direction: 'IN',
      result: 'ANSWERED',
    });
    const seen = (ended - answered) / 1000;
    const logged = entry!.call!.durationS!;
    expect(Math.abs(logged - seen), `logged ${logged} s, seen ${seen} s`).toBeLessThanOrEqual(1);
    await wait(1000);
    expect(await calls()).toHaveLength(1);
    // Each side heard the other the whole call, the 3 s without a server included. Each
    // figure is named, so that a failure says which side and which measure.
    const [heardByUnit] = unit.heard();
    const [heardByOperator] = operator.heard();
    const unitTone = toneOf(heardByUnit!);
    const operatorTone = toneOf(heardByOperator!);
    expect(Math.abs(unitTone - 1000), `the unit heard ${unitTone} Hz`).toBeLessThan(40);
    expect(Math.abs(operatorTone - 440), `the operator heard ${operatorTone} Hz`).toBeLessThan(25);
    expect(loudSeconds(heardByUnit!), 'seconds the unit heard').toBeGreaterThan(3.5);
    expect(loudSeconds(heardByOperator!), 'seconds the operator heard').toBeGreaterThan(3.5);
  }, 90_000);

  it('reclaims the daemons of a server killed during its own start, and stops them with itself', async () => {
    const voice = await server();
    await voice.start(false);
    // Killed as soon as its first daemon runs: before Kamailio, or before a pid file, exists.
    await until('a daemon started', () => (voice.daemons().length > 0 ? true : undefined), 30_000);
    await voice.kill('SIGKILL');
    const left = voice.daemons();
    expect(left.length).toBeGreaterThan(0);
    // The daemon may not have written its pid file yet: the next start must not rely on it.
    const folder = join(tmpdir(), `sos-voice-${voice.sipPort}`);
    for (const name of ['kamailio.pid', 'rtpengine.pid'])
      rmSync(join(folder, name), { force: true });

    await voice.start();
    const now = voice.daemons();
    expect(now.some((p) => left.some((l) => l.pid === p.pid))).toBe(false);
    // One of each, each the pid its pid file names (children of Kamailio share its group).
    const groups = new Set(now.map((p) => p.pgid));
    const pidOf = (name: string) => Number(readFileSync(join(folder, name), 'utf8').trim());
    expect(groups).toEqual(new Set([pidOf('kamailio.pid'), pidOf('rtpengine.pid')]));
    const at = `127.0.0.1:${voice.sipPort}`;
    const { username, password } = await voice.credentials(await voice.signIn());
    const operator = await phone(
      'reclaimed',
      `<sip:${username.split(':')[1]}@${at};transport=udp>;auth_user=${username};auth_pass=${password};regint=600`,
      'tone1000.wav',
    );
    await until('registered', () => (operator.registered() ? true : undefined));

    await voice.kill('SIGTERM');
    await until(
      'the daemons stopped',
      () => (voice.daemons().length === 0 ? true : undefined),
      10_000,
    );
  }, 90_000);
});
