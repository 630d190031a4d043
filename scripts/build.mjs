// `npm run build`: every output of the repository, each only when stale.
//  1. `tsc -b`: the TypeScript workspaces (contract, simulator, server) in the order of their
//     project references (tsconfig.json), each incrementally.
//  2. The server's seed data directory (its script checks its own freshness).
//  3. The console, with Vite, when one of its inputs is newer than its last build: Vite builds
//     the whole bundle every time, so this is the one freshness check tsc -b cannot make.
// `--quiet`: nothing printed when nothing was built (npm run admin / simulate).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isFresh } from './lib/fresh.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONSOLE = join(ROOT, 'apps/console');
const CONSOLE_STAMP = join(CONSOLE, 'dist', '.build-stamp');
const CONSOLE_INPUTS = [
  ...['src', 'build', 'public', 'index.html', 'vite.config.ts', 'package.json', 'scripts'].map(
    (p) => join(CONSOLE, p),
  ),
  join(ROOT, 'packages/contract/src'),
  join(ROOT, 'vitest.shared.ts'),
  join(ROOT, 'package-lock.json'),
];
const quiet = process.argv.includes('--quiet');
const require = createRequire(import.meta.url);

function step(name, command, args, cwd = ROOT) {
  const started = Date.now();
  try {
    const out = execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
    return { out, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    console.error(`build: ${name} FAILED`);
    process.stderr.write(String(err.stdout ?? '') + String(err.stderr ?? ''));
    process.exit(1);
  }
}

const report = [];
const tsc = step('tsc -b', process.execPath, [
  require.resolve('typescript/bin/tsc'),
  '-b',
  '--verbose',
]);
// --verbose names each project it builds; nothing built: nothing to say.
const built = [...tsc.out.matchAll(/Building project '([^']+)'/g)].map((m) => m[1]);
if (built.length > 0)
  report.push(`tsc -b: ${built.length} project(s) in ${tsc.seconds.toFixed(1)} s`);

const seed = step('server seed', process.execPath, ['apps/server/scripts/build-seed.mjs']);
if (seed.out.trim()) report.push(`${seed.out.trim()} in ${seed.seconds.toFixed(1)} s`);

const bundle = step('server bundle', process.execPath, ['apps/server/scripts/build-bundle.mjs']);
if (bundle.out.trim()) report.push(`${bundle.out.trim()} in ${bundle.seconds.toFixed(1)} s`);

if (!isFresh(CONSOLE_STAMP, CONSOLE_INPUTS)) {
  const vite = step('console', 'npm', ['run', 'build', '--silent', '-w', 'apps/console']);
  mkdirSync(join(CONSOLE, 'dist'), { recursive: true });
  writeFileSync(CONSOLE_STAMP, new Date().toISOString());
  report.push(`console (Vite) in ${vite.seconds.toFixed(1)} s`);
}

if (report.length > 0) console.log(report.map((line) => `build: ${line}`).join('\n'));
else if (!quiet) console.log('build: everything is up to date');
