// The types of machine-cpu.mjs.

/** CPU seconds since boot, busy and idle (iowait counted idle); null where /proc/stat is not. */
export function machineCpu(): { busy: number; idle: number } | null;
