/** Unique names, so that tests never depend on each other's data. */
let counter = 0;
const run = Date.now().toString(36).slice(-5);

export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${run}${counter.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
