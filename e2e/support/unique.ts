/**
 * Unique names, so that tests never depend on each other's data: the run's start time, a
 * counter, and a random tail of a FIXED width, so that the tail cannot run into the counter
 * (counter "1" + tail "2s" was counter "12" + tail "s": a serial registered twice, 403
 * DEVICE_DELETED). The tail keeps apart the display names that use only the last characters.
 * No longer than before: names appear in notices, and a longer one covered a dialog's button.
 */
let counter = 0;
const run = Date.now().toString(36).slice(-5);

export function uid(prefix: string): string {
  counter += 1;
  const tail = Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0');
  return `${prefix}-${run}${counter.toString(36)}${tail}`;
}
