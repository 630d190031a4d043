// Builds each workspace whose sources changed since its last build, and nothing else.
// Used by `npm start` and `npm test`, so a fresh clone works with `npm ci && npm start`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = '.build-stamp';

/** In build order; `inputs` are relative to the workspace, `uses` names workspaces it compiles in. */
const WORKSPACES = [
  { dir: 'packages/contract', inputs: ['src', 'package.json', 'tsconfig.build.json'], uses: [] },
  {
    dir: 'apps/server',
    inputs: ['src', 'drizzle', 'scripts', 'package.json', 'tsconfig.build.json'],
    uses: ['packages/contract'],
  },
  {
    dir: 'apps/console',
    inputs: ['src', 'build', 'public', 'index.html', 'vite.config.ts', 'package.json', 'scripts/compress.mjs'],
    uses: ['packages/contract'],
  },
  { dir: 'tools/simulator', inputs: ['src', 'package.json', 'tsconfig.build.json'], uses: ['packages/contract'] },
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const byDir = new Map(WORKSPACES.map((w) => [w.dir, w]));
const inputsOf = (w) => [
  ...w.inputs.map((i) => join(ROOT, w.dir, i)),
  ...w.uses.flatMap((u) => byDir.get(u).inputs.map((i) => join(ROOT, u, i))),
];

let built = 0;
for (const w of WORKSPACES) {
  if (!existsSync(join(ROOT, w.dir, 'package.json'))) continue;
  const stamp = join(ROOT, w.dir, 'dist', STAMP);
  const stampTime = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const sourceTime = Math.max(...inputsOf(w).map(newest));
  if (stampTime > sourceTime) continue;
  const started = Date.now();
  process.stdout.write(`building ${w.dir} ... `);
  try {
    execFileSync('npm', ['run', 'build', '--silent', '-w', w.dir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (err) {
    console.log('FAILED');
    process.stderr.write(String(err.stdout ?? '') + String(err.stderr ?? ''));
    process.exit(1);
  }
  mkdirSync(join(ROOT, w.dir, 'dist'), { recursive: true });
  writeFileSync(stamp, new Date().toISOString());
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  built++;
}
// --quiet (npm run admin / simulate): their own output follows, keep it clean.
if (built === 0 && !process.argv.includes('--quiet')) console.log('build: everything is up to date');
