import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { freePortRun } from '../../../../scripts/lib/voice-ports.mjs';
import type { Call } from './ua.js';

/** What the voice bench needs around its agents: the programs, ports, daemons, a clock. */
export const installed = (program: string) => {
  try {
    execFileSync('which', [program], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * Three ports in a row free in UDP and TCP (SIP, Kamailio's WebSocket, rtpengine's control)
 * below the ephemeral range, with the voice bench's 1,200 media ports after them.
 */
export const sipPortBase = (): Promise<number> => freePortRun(3, 1204);

/** Kamailio's and rtpengine's processes (their command lines name their folder). */
export function daemonPids(sipPort: number, name: 'kamailio' | 'rtpengine'): number[] {
  const marker = join(os.tmpdir(), `sos-voice-${sipPort}`, `${name}.pid`);
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        return readFileSync(`/proc/${e}/cmdline`, 'utf8').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The shared 20 ms clock of every stream's audio. */
export function audioClock(calls: () => Iterable<Call>) {
  const timer = setInterval(() => {
    for (const call of calls()) call.rtp.tick();
  }, 20);
  return () => clearInterval(timer);
}
