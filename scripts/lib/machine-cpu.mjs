// The whole machine's CPU time (every process, every core) from Linux's /proc/stat: what
// `npm test` prints at its end and what the benches' "machine busy %" is made of.
import { readFileSync } from 'node:fs';

/**
 * CPU seconds since boot, busy and idle (iowait counted idle), and of the busy the stolen: time
 * the hypervisor gave this virtual machine's cores to another guest. Null where /proc/stat is not.
 */
export function machineCpu() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync(
      '/proc/stat',
      'utf8',
    )
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // USER_HZ: 100 on every Linux the project runs on.
    return {
      busy: (user + nice + system + irq + softirq + steal) / 100,
      idle: (idle + iowait) / 100,
      steal: steal / 100,
    };
  } catch {
    return null;
  }
}
