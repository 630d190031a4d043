// `npm test`: builds what is stale, then runs every suite in two stages (FIRST, then LANES),
// each in lanes side by side. A lane runs its suites one after another; lanes share the
// machine's 2 cores because most of what the server's suite and the end-to-end runs do is
// wait (for PostgreSQL, for timers, for the browser, for a phone), so one lane's waits are
// another's CPU. Each suite's output is printed whole when it ends (never interleaved), then
// every suite's duration. Exits 1 when any suite failed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
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
  // The two Playwright configs (e2e/package.json's `test`), each with its own server and ports.
  e2e: { name: 'e2e', command: 'npx', args: ['playwright', 'test'], cwd: 'e2e' },
  voice: {
    name: 'e2e voice',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'playwright.voice.config.ts'],
    cwd: 'e2e',
  },
  bench: workspace('bench (tiny)', 'bench'),
  scripts: { name: 'scripts', command: 'node', args: ['--test', 'scripts/test/'] },
};

/**
 * First, side by side: the console's suite (jsdom, CPU-bound, two workers) and the small
 * suites. Beside the server's and the end-to-end runs on a slow 2-core machine the console's
 * suite took 8 times as long as alone, and its tests of one-second windows failed; alone it
 * takes a few minutes.
 */
const FIRST = [[SUITES.console], [SUITES.contract, SUITES.simulator]];

/**
 * Then lanes that end about together (the run lasts as long as its longest lane): the
 * server's API suite (two workers), then the tiny benches; the end-to-end run, as long (one
 * browser, mostly timed steps); the voice run (its own server, Kamailio and phones), then the
 * scripts' tests. The benches come after the server's suite, beside the rest of the
 * end-to-end run: never beside the server's suite, with which the fuzz bench's answer deadlines
 * failed on a slow machine.
 */
const LANES = [[SUITES.server, SUITES.bench], [SUITES.e2e], [SUITES.voice, SUITES.scripts]];

function run({ name, command, args, cwd = '.' }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: join(ROOT, cwd),
      env: environment({ FORCE_COLOR: '1' }),
    });
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
const results = [build];
if (build.ok)
  for (const lanes of [FIRST, LANES]) results.push(...(await Promise.all(lanes.map(lane))).flat());
console.log('\n=== suites');
for (const { name, ok, seconds } of results)
  console.log(`${String(seconds).padStart(6)} s  ${ok ? 'ok  ' : 'FAIL'}  ${name}`);
if (results.some((r) => !r.ok)) process.exit(1);
