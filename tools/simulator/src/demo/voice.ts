import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monoWav } from '../wav.js';
import type { DemoLog } from './host.js';

/**
 * The demo unit's speakerphone (docs/voice.md "Demo"): after its fall alarm the SCAIP unit
 * calls sos@ through Kamailio as a real duplex unit does, with baresip playing a generated
 * voice-like sound (syllables of a few pitches, pauses between words), so a newcomer answers
 * a real call from the dashboard and hears it. One call at a time; it ends when the operator
 * hangs up or nobody answers (Kamailio's 30 s).
 */
export interface VoiceUnitOptions {
  host: string;
  sipPort: number;
  log: DemoLog;
}

export interface VoiceUnit {
  /** Calls sos@ as this unit (its cid is the caller the server matches to its open SOS). */
  call(cid: string): void;
  stop(): Promise<void>;
}

/** Whether baresip is installed (Debian's baresip-core). */
export const hasBaresip = () =>
  spawnSync('sh', ['-c', 'command -v baresip'], { stdio: 'ignore' }).status === 0;

const RATE = 8000;
/** The longest a demo call may last before the unit gives up on its own. */
const CALL_LIMIT_S = 600;

/** 20 s of "speech": syllables (120–300 ms) of 180–320 Hz with two harmonics, then pauses. */
export function voiceLikeWav(seconds = 20): Buffer {
  const samples = new Int16Array(RATE * seconds);
  let at = 0;
  let syllable = 0;
  while (at < samples.length) {
    const length = Math.round(RATE * (0.12 + ((syllable * 37) % 19) / 100));
    const pitch = 180 + ((syllable * 53) % 140);
    for (let i = 0; i < length && at + i < samples.length; i++) {
      const envelope = Math.sin((Math.PI * i) / length);
      const t = i / RATE;
      const wave =
        Math.sin(2 * Math.PI * pitch * t) +
        0.5 * Math.sin(4 * Math.PI * pitch * t) +
        0.25 * Math.sin(6 * Math.PI * pitch * t);
      samples[at + i] = Math.round(7000 * envelope * wave);
    }
    syllable++;
    at += length + Math.round(RATE * (syllable % 4 === 0 ? 0.5 : 0.06));
  }
  return monoWav(samples, RATE);
}

/**
 * baresip's configuration: G.711 only, the WAV as microphone, what it hears discarded unless
 * `more` loads a recorder (the voice tests add sndfile and ctrl_tcp).
 */
export const baresipConfig = (wav: string, listen: string, more: readonly string[] = []) =>
  [
    'poll_method epoll',
    `sip_listen ${listen}`,
    'audio_buffer 20',
    `audio_source aufile,${wav}`,
    'audio_player aubridge,nil',
    'audio_alert aubridge,nil',
    'module_path /usr/lib/baresip/modules',
    'module g711.so',
    'module aufile.so',
    'module aubridge.so',
    'module_tmp account.so',
    'module_app menu.so',
    'rtcp_mux no',
    ...more,
    '',
  ].join('\n');

export function startVoiceUnit(options: VoiceUnitOptions): VoiceUnit {
  const dir = mkdtempSync(join(tmpdir(), 'sos-demo-voice-'));
  const wav = join(dir, 'voice.wav');
  writeFileSync(wav, voiceLikeWav());
  writeFileSync(join(dir, 'config'), baresipConfig(wav, '127.0.0.1:0'));
  writeFileSync(join(dir, 'contacts'), '');
  const sip = `${options.host}:${options.sipPort}`;
  let phone: ChildProcess | undefined;
  return {
    call(cid) {
      if (phone) return; // its previous call is still on
      writeFileSync(join(dir, 'accounts'), `<sip:${cid}@${sip};transport=udp>;regint=0\n`);
      const child = spawn(
        'baresip',
        ['-f', dir, '-t', String(CALL_LIMIT_S), '-e', `/dial sip:sos@${sip}`],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      phone = child;
      options.log.info({ cid }, `demo: the SCAIP unit "${cid}" calls in (answer it: "Rispondi")`);
      const ended = (chunk: Buffer) => {
        // baresip prints the end of its one call: hung up, refused or never answered.
        if (/terminated \(duration|session closed|Call failed/i.test(chunk.toString()))
          child.kill('SIGTERM');
      };
      child.stdout?.on('data', ended);
      child.stderr?.on('data', ended);
      child.once('error', (err) => options.log.warn({ err }, 'demo: baresip could not start'));
      child.once('exit', () => {
        if (phone === child) phone = undefined;
      });
    },
    async stop() {
      const child = phone;
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
