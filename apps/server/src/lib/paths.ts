import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's root, found the same way from src/ (tsx, vitest) and dist/src/. */
export const SERVER_ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('server package.json not found');
    dir = parent;
  }
  return dir;
})();

export const MIGRATIONS_DIR = join(SERVER_ROOT, 'drizzle');
