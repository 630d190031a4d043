// Before `npm start`, `npm run admin` and `npm run simulate`: a development install (with
// TypeScript) builds what is stale; a production install (`npm prune --omit=dev`) has no
// build tools and never tries: it needs the outputs `npm run build` left.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../../', import.meta.url);
const OUTPUTS = [
  'apps/server/dist/main.mjs',
  'apps/console/dist/index.html',
  'tools/simulator/dist/cli.js',
];

function hasBuildTools() {
  try {
    createRequire(import.meta.url).resolve('typescript/package.json');
    return true;
  } catch {
    return false;
  }
}

export function ensureBuilt({ quiet = false } = {}) {
  if (hasBuildTools()) {
    const build = fileURLToPath(new URL('scripts/build.mjs', ROOT));
    execFileSync(process.execPath, [build, ...(quiet ? ['--quiet'] : [])], { stdio: 'inherit' });
    return;
  }
  const missing = OUTPUTS.filter((path) => !existsSync(new URL(path, ROOT)));
  if (missing.length === 0) return;
  console.error(
    `Not built (${missing.join(', ')} missing), and this install has no build tools:\n` +
      '  run `npm ci && npm run build` first (then `npm prune --omit=dev` if you want).',
  );
  process.exit(1);
}

// `node scripts/lib/ensure-built.mjs [--quiet]` (npm run admin / simulate).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureBuilt({ quiet: process.argv.includes('--quiet') });
}
