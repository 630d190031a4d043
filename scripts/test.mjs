// `npm test`: builds what is stale, then runs every suite, in lanes side by side. A lane runs
// its suites one after another; the lanes share the machine's 2 cores because most of what
// the server's suite and the end-to-end run do is wait (for PostgreSQL, for timers, for the
// browser), so one lane's waits are another's CPU. Each suite's output is printed whole when
// it ends (never interleaved), then every suite's duration. Exits 1 when any suite failed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { environment } from './lib/env.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A suite: its name and its command, from the repository's root. */
const workspace = (name, dir) => ({ name, command: 'npm', args: ['run', 'test', '-w', dir] });
const SUITES = {
  contract: workspace('contract', 'packages/contract'),
  server: workspace('server', 'apps/server'),
  console: workspace('console', 'apps/console'),
  simulator: workspace('simulator', 'tools/simulator'),
  e2e: workspace('e2e', 'e2e'),
  bench: workspace('bench (tiny)', 'bench'),
  scripts: { name: 'scripts', command: 'node', args: ['--test', 'scripts/test/'] },
};

/**
 * Two lanes that end together (the run lasts as long as its longer lane): the server's API
 * suite (two workers, the longest) then the tiny benches, beside the end-to-end run (one
 * browser, mostly waiting) then the CPU-bound small suites, which overlap the server's
 * waits rather than the browser's timed steps.
 */
const LANES = [
  [SUITES.server, SUITES.bench],
  [SUITES.e2e, SUITES.contract, SUITES.simulator, SUITES.console, SUITES.scripts],
];

function run({ name, command, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: environment({ FORCE_COLOR: '1' }) });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    console.log(`\n--- ${name}: started`);
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n--- ${name} (${seconds} s)\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, ok: code === 0, seconds });
    });
  });
}

async function lane(suites) {
  const results = [];
  for (const suite of suites) results.push(await run(suite));
  return results;
}

const build = await run({ name: 'build', command: 'node', args: ['scripts/build.mjs'] });
const results = build.ok ? [build, ...(await Promise.all(LANES.map(lane))).flat()] : [build];
console.log('\n=== suites');
for (const { name, ok, seconds } of results)
  console.log(`${String(seconds).padStart(6)} s  ${ok ? 'ok  ' : 'FAIL'}  ${name}`);
if (results.some((r) => !r.ok)) process.exit(1);
