/**
 * Unique names, so that tests never depend on each other's data. Parallel workers load this
 * module in the same millisecond, so the process id is part of the run; the "." keeps the
 * counter from running into it (worker A's "1" + "2s" must not equal worker B's "12" + "s").
 * The random tail is for the display names that keep only the last characters.
 */
let counter = 0;
const run = Date.now().toString(36).slice(-5) + process.pid.toString(36);

export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${run}.${counter.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
