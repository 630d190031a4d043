// The types of machine-cpu.mjs.

/**
 * CPU seconds since boot, busy and idle (iowait counted idle), and of the busy the stolen: time
 * the hypervisor gave this virtual machine's cores to another guest. Null where /proc/stat is not.
 */
export function machineCpu(): { busy: number; idle: number; steal: number } | null;
