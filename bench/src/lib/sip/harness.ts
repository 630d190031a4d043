import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
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

/** Free on loopback TCP (Kamailio takes UDP and TCP; rtpengine's control is UDP). */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** Three free ports in a row: SIP, Kamailio's WebSocket, rtpengine's control. */
export async function sipPortBase(): Promise<number> {
  for (;;) {
    const base = 40000 + Math.floor(Math.random() * 10000);
    if ((await Promise.all([0, 1, 2].map((i) => portFree(base + i)))).every(Boolean)) return base;
  }
}

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
