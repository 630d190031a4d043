import { readFileSync } from 'node:fs';
import { machineCpu } from '../../../scripts/lib/machine-cpu.mjs';

/** Per-process figures from /proc (Linux): resident memory and CPU time of any pid. */
const TICKS_PER_SECOND = 100;

export function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The peak resident set of a process so far (VmHWM), in bytes; NaN when it cannot be read. */
export function peakRssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** User + system CPU seconds used so far by a process (or, given `tid`, by one of its threads). */
export function cpuSeconds(pid: number, tid?: number): number {
  try {
    const stat = readFileSync(
      tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`,
      'utf8',
    );
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** Seconds the process's main thread spent runnable but waiting for a CPU (scheduler delay). */
function waitSeconds(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return NaN;
  }
}

/**
 * The share of one core that a set of processes used over one or more measured intervals
 * (begin() … end(), possibly many times: interleaved runs meter each target's own turns).
 */
export class CpuMeter {
  private cpu = 0;
  private wait = 0;
  private seconds = 0;
  private beganCpu = 0;
  private beganWait = 0;
  private beganAt = 0;

  constructor(private readonly pids: () => number[]) {}

  begin() {
    this.beganCpu = this.total();
    this.beganWait = this.totalWait();
    this.beganAt = performance.now();
  }

  end() {
    this.cpu += this.total() - this.beganCpu;
    this.wait += this.totalWait() - this.beganWait;
    this.seconds += (performance.now() - this.beganAt) / 1000;
  }

  /**
   * Time the processes' main threads were ready to run but waited for a core, as % of the
   * elapsed time (summed over processes): high values mean other work on the machine,
   * not the code under test, set the pace.
   */
  waitPercent(): number {
    return this.seconds > 0 ? (this.wait / this.seconds) * 100 : NaN;
  }

  /** CPU used as a percentage of one core (200 % = two cores busy). */
  percent(): number {
    return this.seconds > 0 ? (this.cpu / this.seconds) * 100 : NaN;
  }

  start() {
    this.begin();
  }

  /** end() and percent(), for a single interval. */
  stop(): number {
    this.end();
    return this.percent();
  }

  private total() {
    return this.pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  }

  private totalWait() {
    return this.pids().reduce((sum, pid) => sum + waitSeconds(pid), 0);
  }
}

export const mib = (bytes: number) => Math.round((bytes / 1024 ** 2) * 10) / 10;

/** Busy share of the whole machine (every process, every core) from /proc/stat, in % of all cores. */
export class MachineMeter {
  private start = machineCpu();

  reset() {
    this.start = machineCpu();
  }

  percent(): number {
    return this.share((now, start) => now.busy - start.busy, 0);
  }

  /**
   * The share the hypervisor took (steal), in % of all cores, to 0.1: the cores another guest
   * had while a phase ran, which no figure of the product's can be blamed for.
   */
  stealPercent(): number {
    return this.share((now, start) => now.steal - start.steal, 1);
  }

  private share(part: (now: Cpu, start: Cpu) => number, digits: number): number {
    const now = machineCpu();
    if (!now || !this.start) return NaN;
    const total = now.busy - this.start.busy + now.idle - this.start.idle;
    const scale = 10 ** digits;
    return total > 0 ? Math.round((part(now, this.start) / total) * 100 * scale) / scale : NaN;
  }
}

type Cpu = NonNullable<ReturnType<typeof machineCpu>>;
