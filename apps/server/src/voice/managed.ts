import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ROOT } from '../lib/paths.js';
import { kamailioLocalCfg, rtpengineArgs, wsPortOf, type VoiceSettings } from './config.js';
import type { VoicePrograms } from './packages.js';
import { Supervised, type SupervisedOptions } from './supervised.js';

/** The configuration the repository ships (docs/voice.md). */
const KAMAILIO_CFG = join(SERVER_ROOT, '..', '..', 'deploy', 'voice', 'kamailio.cfg');

export interface ManagedVoice {
  kamailio: Supervised;
  rtpengine: Supervised;
  /** Where the generated configuration, the pid files and the daemons' logs are. */
  dir: string;
  stop(): Promise<void>;
}

/** Kamailio died this often before its WebSocket opened: it will not start (a port is taken). */
const START_DEATHS = 5;

/**
 * Resolves once something accepts TCP connections on 127.0.0.1:port (Kamailio is up); gives up
 * after `timeoutMs`, or sooner once `dead()` says the daemon keeps dying.
 */
async function waitForPort(port: number, dead: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (dead()) throw new Error(`voice: Kamailio died ${START_DEATHS} times while starting`);
    if (Date.now() > until)
      throw new Error(`voice: nothing listens on port ${port} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Kamailio's own words on why it would not start (a port taken, a module missing), for the
 * start's error: its errors only, which name ports and files, never a caller.
 */
function startErrors(log: string): string {
  const errors = existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => /\b(ERROR|CRITICAL)\b/.test(line))
        .slice(-6)
    : [];
  return errors.length > 0 ? `; it said:\n${errors.join('\n')}` : '';
}

/**
 * Managed mode: writes kamailio.cfg and its local values into a folder of the temporary
 * directory named after the SIP port, starts rtpengine and Kamailio (or adopts the ones a
 * killed server left running with the very same configuration), and waits for Kamailio.
 */
export async function startManagedVoice(
  programs: VoicePrograms,
  settings: VoiceSettings,
  apiUrl: string,
  secret: string,
  log: SupervisedOptions['log'],
): Promise<ManagedVoice> {
  const dir = join(tmpdir(), `sos-voice-${settings.sipPort}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const local = join(dir, 'sos-voice-local.cfg');
  const cfg = join(dir, 'kamailio.cfg');
  const wanted = kamailioLocalCfg(settings, apiUrl, secret);
  // The same files as the running daemons: adopt them (a server that was killed mid-call).
  const same =
    existsSync(local) &&
    readFileSync(local, 'utf8') === wanted &&
    existsSync(cfg) &&
    readFileSync(cfg, 'utf8') === readFileSync(KAMAILIO_CFG, 'utf8');
  writeFileSync(local, wanted, { mode: 0o600 });
  copyFileSync(KAMAILIO_CFG, cfg);
  const rtpengine = new Supervised({
    name: 'rtpengine',
    command: programs.rtpengine,
    args: rtpengineArgs(settings, join(dir, 'rtpengine.pid')),
    pidFile: join(dir, 'rtpengine.pid'),
    logFile: join(dir, 'rtpengine.log'),
    log,
  });
  const kamailio = new Supervised({
    name: 'kamailio',
    command: programs.kamailio,
    // -DD: stay in the foreground (children still fork); -E: log to stderr (the log file).
    args: ['-DD', '-E', '-f', cfg, '-P', join(dir, 'kamailio.pid'), '-m', '64', '-M', '8'],
    pidFile: join(dir, 'kamailio.pid'),
    logFile: join(dir, 'kamailio.log'),
    log,
  });
  await rtpengine.start(same);
  await kamailio.start(same);
  const stop = async () => {
    await Promise.all([kamailio.stop(), rtpengine.stop()]);
  };
  try {
    await waitForPort(wsPortOf(settings.sipPort), () => kamailio.restarts >= START_DEATHS);
  } catch (err) {
    await stop();
    const log = join(dir, 'kamailio.log');
    const ports = `UDP and TCP ${settings.sipPort}, TCP ${wsPortOf(settings.sipPort)}`;
    throw new Error(
      `${(err as Error).message} (are its ports free: ${ports}?): see ${log}${startErrors(log)}`,
    );
  }
  return { kamailio, rtpengine, dir, stop };
}
