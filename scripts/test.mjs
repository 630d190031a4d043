// `npm test`: builds what is stale, then runs every suite in two stages (FIRST, then LANES),
// each in lanes side by side. A lane runs its suites one after another; lanes share the
// machine's 2 cores because most of what the server's suite and the end-to-end runs do is
// wait (for PostgreSQL, for timers, for the browser, for a phone), so one lane's waits are
// another's CPU. Each suite's output is printed whole when it ends (never interleaved), then
// every suite's duration and CPU time. Exits 1 when any suite failed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { environment } from './lib/env.mjs';
import { machineCpu } from './lib/machine-cpu.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A suite: its name and its command, from the repository's root. */
const workspace = (name, dir) => ({ name, command: 'npm', args: ['run', 'test', '-w', dir] });
/** A Playwright run in e2e/ on free ports: the variables blanked here count as unset. */
const playwright = (name, args) => ({
  name,
  command: 'npx',
  args: ['playwright', 'test', ...args],
  cwd: 'e2e',
  env: { E2E_PORT: '', E2E_DC09_PORT: '', E2E_SCAIP_PORT: '', E2E_VOICE_PORT: '' },
});
/** The benches whose tiny runs check a deadline (see SUITES). */
const DEADLINE_BENCHES = ['chaos', 'fuzz', 'soak'];
const bench = (name, names) => ({
  name,
  command: 'node',
  args: ['run.mjs', ...names, '--size', 'tiny'],
  cwd: 'bench',
});
const SUITES = {
  contract: workspace('contract', 'packages/contract'),
  server: workspace('server', 'apps/server'),
  console: workspace('console', 'apps/console'),
  simulator: workspace('simulator', 'tools/simulator'),
  // The two Playwright configs (e2e/package.json's `test`), each with its own server on ports
  // the system finds free (never the E2E_PORT a developer may have set).
  e2e: playwright('e2e', []),
  voice: playwright('e2e voice', ['-c', 'playwright.voice.config.ts']),
  // Every bench at its tiny size (bench/package.json's `test`) in two parts: those that hold
  // answers to a deadline (a receiver's answer within 1 s, a recovery, a stream kept) and the
  // rest, which only print figures.
  benchDeadlines: bench('bench (tiny: deadlines)', DEADLINE_BENCHES),
  benchRest: bench('bench (tiny: the rest)', [
    'all',
    ...DEADLINE_BENCHES.flatMap((n) => ['--skip', n]),
  ]),
  scripts: { name: 'scripts', command: 'node', args: ['--test', 'scripts/test/'] },
};

/**
 * First, side by side: the console's suite (jsdom, CPU-bound, two workers) and the small
 * suites. Beside the server's and the end-to-end runs the console's suite took 4 to 8 times as
 * long as alone (357 s against 84 s on one machine), and its tests of one-second windows
 * failed on a slow one; alone it takes under a minute.
 */
const FIRST = [[SUITES.console], [SUITES.contract, SUITES.simulator]];

/**
 * Then lanes that end about together (the run lasts as long as its longest lane): the
 * server's API suite (three workers), then the benches with deadlines; the end-to-end run, as
 * long (one browser, mostly timed steps); the voice run (its own server, Kamailio and
 * phones), the scripts' tests, then the other benches. The deadline benches come after the
 * server's suite, beside the rest of the end-to-end run: never beside the server's suite, with
 * which the fuzz bench's answer deadlines failed on a slow machine. The lanes keep the 2 cores
 * busy: the CPU printed per suite leaves out PostgreSQL's (a service, not a child), which is
 * much of the rest (the server's suite alone left the cores idle 12 % of its run).
 */
const LANES = [
  [SUITES.server, SUITES.benchDeadlines],
  [SUITES.e2e],
  [SUITES.voice, SUITES.scripts, SUITES.benchRest],
];

/** `times`'s second line ("1m2.5s 0m3.1s"): user + system seconds of the waited-for children. */
function cpuSeconds(times) {
  const [, um, us, sm, ss] =
    /(\d+)m([\d.]+)s (\d+)m([\d.]+)s/.exec(times.split('\n')[1] ?? '') ?? [];
  return um === undefined ? NaN : Math.round(60 * (+um + +sm) + +us + +ss);
}

function run({ name, command, args, cwd = '.', env = {} }) {
  const started = Date.now();
  return new Promise((resolve) => {
    // bash runs the suite, then `times` to fd 3: the CPU of every process the suite started and
    // waited for (a daemon that left its parent is not counted). The run's bottleneck, waits or
    // cores, shows in the two figures side by side.
    const child = spawn(
      'bash',
      ['-c', '"$@"; rc=$?; times >&3; exit $rc', name, command, ...args],
      {
        cwd: join(ROOT, cwd),
        env: environment({ FORCE_COLOR: '1', ...env }),
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    const chunks = [];
    let times = '';
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.stdio[3].on('data', (c) => (times += c));
    console.log(`\n--- ${name}: started`);
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n--- ${name} (${seconds} s)\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, ok: code === 0, seconds, cpu: cpuSeconds(times) });
    });
  });
}

async function lane(suites) {
  const results = [];
  for (const suite of suites) results.push(await run(suite));
  return results;
}

const before = machineCpu();
const build = await run({ name: 'build', command: 'node', args: ['scripts/build.mjs'] });
const results = [build];
if (build.ok)
  for (const lanes of [FIRST, LANES]) results.push(...(await Promise.all(lanes.map(lane))).flat());
console.log('\n=== suites: wall time, CPU time (user + system, all its processes)');
for (const { name, ok, seconds, cpu } of results)
  console.log(
    `${String(seconds).padStart(6)} s ${String(cpu).padStart(6)} CPU-s  ${ok ? 'ok  ' : 'FAIL'}  ${name}`,
  );
// The whole machine over the run, PostgreSQL and everything else included: idle seconds left
// mean the lanes could be packed tighter; none, that only less work makes the run shorter.
// Of the busy, what the host of a virtual machine gave another guest (steal): a slow run with
// much of it was slow for the host's sake.
const after = machineCpu();
if (before && after)
  console.log(
    `${String(Math.round(after.busy - before.busy)).padStart(15)} CPU-s busy (${Math.round(after.steal - before.steal)} of them stolen by the host), ${Math.round(after.idle - before.idle)} CPU-s idle: the whole machine`,
  );
if (results.some((r) => !r.ok)) process.exit(1);
