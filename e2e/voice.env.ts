import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exportVar, toolVar } from '../scripts/lib/env.mjs';

/*
 * The voice run's own server (playwright.voice.config.ts): voice on, so it runs apart from the
 * suite's server, which keeps voice off. Imported before env.ts: on ports the system finds free,
 * as the suite's; or, when a developer fixed E2E_PORT, 20 above it (the suite may run beside).
 */
// Workers load the config again, with the variables the runner exported: decide only once.
if (!toolVar('E2E_VOICE_PORT')) {
  const fixed = toolVar('E2E_PORT');
  exportVar('E2E_VOICE_PORT', fixed ? String(Number(fixed) + 20) : 'free');
  if (fixed) exportVar('E2E_PORT', String(Number(fixed) + 20));
}

/** Debian's packages the run needs; the spec says which are missing and skips. */
const PROGRAMS = {
  kamailio: 'kamailio',
  rtpengine: 'rtpengine-daemon',
  baresip: 'baresip-core',
} as const;
const has = (program: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${program} || test -x /usr/sbin/${program}`], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
};
export const VOICE_MISSING = Object.entries(PROGRAMS)
  .filter(([program]) => !has(program))
  .map(([, pkg]) => pkg);

// Kamailio's ports and rtpengine's range, below the system's ephemeral ports
// (scripts/lib/voice-ports.mjs says why); chosen once, by the runner, for its workers too.
if (!toolVar('E2E_VOICE_SIP')) {
  const script = fileURLToPath(new URL('../scripts/lib/voice-ports.mjs', import.meta.url));
  exportVar(
    'E2E_VOICE_SIP',
    execFileSync(process.execPath, [script, '40'], { encoding: 'utf8' }).trim(),
  );
}
const [sipPort, rtpPorts] = (toolVar('E2E_VOICE_SIP') ?? '').split(' ');

export const VOICE = {
  /** Kamailio's SIP port (UDP and TCP); the two after it are its WebSocket and rtpengine's control. */
  sipPort: Number(sipPort),
  rtpPorts: rtpPorts ?? '',
  /** Shared by the server, Kamailio and the test's phones (their registration credentials). */
  secret: 'e2e-voice-secret-0123456789abcdefghijkl',
  /** The 440 Hz tone Chromium's fake microphone sends. */
  micWav: fileURLToPath(new URL('./artifacts/voice/mic440.wav', import.meta.url)),
};
mkdirSync(fileURLToPath(new URL('./artifacts/voice/', import.meta.url)), { recursive: true });
