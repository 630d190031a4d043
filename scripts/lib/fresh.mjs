// Modification times, for the outputs tsc -b does not track (the console, the server's seed).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time under `path` (0 when missing); tests and node_modules aside. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

/** Whether `output` exists and is newer than every one of `inputs`. */
export function isFresh(output, inputs) {
  return existsSync(output) && statSync(output).mtimeMs > Math.max(...inputs.map(newest));
}
