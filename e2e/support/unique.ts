/**
 * Unique names, so that tests never depend on each other's data. Unique by construction: the
 * counter within a process, the process id and start time across processes (a retry's new
 * worker, or workers started in one millisecond). The random tail has a fixed width, so that
 * it cannot run into the counter (counter "1" + tail "2s" was counter "12" + tail "s": a serial
 * registered twice, 403 DEVICE_DELETED); it keeps the short display names that use only the
 * last characters apart.
 */
let counter = 0;
const run = Date.now().toString(36).slice(-5) + process.pid.toString(36);

export function uid(prefix: string): string {
  counter += 1;
  const tail = Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0');
  return `${prefix}-${run}.${counter.toString(36)}${tail}`;
}
