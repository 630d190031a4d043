import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { toolVar } from '../../../scripts/lib/env.mjs';

/**
 * Splits the cores between the server under test (or its floor) and the load generators,
 * with taskset, so neither side steals the other's core: on 2 cores, the server gets
 * core 0 and the clients core 1. BENCH_PIN=0 turns it off (then both float).
 */
const cores = os.availableParallelism();
const enabled = toolVar('BENCH_PIN') !== '0' && cores >= 2 && existsSync('/usr/bin/taskset');

const SERVER_CPUS = enabled ? '0' : 'all';
const CLIENT_CPUS = enabled ? (cores === 2 ? '1' : `1-${cores - 1}`) : 'all';

const cpuNote = enabled
  ? `taskset: server side on CPU ${SERVER_CPUS}, load generators on CPU ${CLIENT_CPUS}; PostgreSQL (a system service) and other users of the machine are not pinned`
  : 'not pinned: server and load generators share every core';

/** `any`: not pinned (a whole-machine measure, e.g. the start time). */
export type Side = 'server' | 'clients' | 'any';

/** A pinned side's cores, as taskset writes them. */
const cpuList = (side: 'server' | 'clients') => (side === 'server' ? SERVER_CPUS : CLIENT_CPUS);

/** The command and arguments that run `command` on the given side's cores. */
export function pinned(side: Side, command: string, args: string[]): [string, string[]] {
  if (!enabled || side === 'any') return [command, args];
  return ['/usr/bin/taskset', ['-c', cpuList(side), command, ...args]];
}

export const cpus = () => ({ server: SERVER_CPUS, clients: CLIENT_CPUS, note: cpuNote });

/**
 * Moves this process (every thread) to the clients' cores and answers how to undo it. For a
 * bench whose own process is a client (it sends the alarms and reads the answers): floating,
 * it ran on the server's core too. Its children spawned later inherit the mask, so it is
 * undone before the bench ends.
 */
export function pinToClients(): () => void {
  if (!enabled) return () => undefined;
  const set = (list: string) =>
    execFileSync('/usr/bin/taskset', ['-a', '-cp', list, String(process.pid)], { stdio: 'ignore' });
  set(cpuList('clients'));
  return () => set(`0-${cores - 1}`);
}
