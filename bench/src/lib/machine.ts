import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** What a figure depends on: recorded in every result, since the machine is shared and noisy. */
export interface MachineInfo {
  date: string;
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the bench started: above `cores`, others were busy. */
  loadAverage: number[];
  /** Open file limit of this process (each stream is a descriptor on both sides). */
  openFileLimit: string;
}

function openFileLimit(): string {
  try {
    return execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cores: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    openFileLimit: openFileLimit(),
  };
}

export function machineLine(m: MachineInfo): string {
  return `${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, load ${m.loadAverage.join(' / ')}, ${m.date}`;
}
