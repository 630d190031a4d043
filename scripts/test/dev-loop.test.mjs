// `npm run dev` as a newcomer meets it: a copy of the work tree without any build output
// (node_modules reused through symlinks), on free ports and a fresh SOS_DATA_DIR. Through
// the console's dev server: the page, its modules (the contract's from its sources), the
// API and the live stream; then an edit on each side shows.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { environment } from '../lib/env.mjs';
import { copyWorkTree, freePort, waitFor } from './work-tree.mjs';

const ADMIN = { username: 'admin', password: 'dev-loop-password' };
let copy;
let data;
let dev;
let output = '';
let base;
const until = (what, check, timeoutMs) =>
  waitFor(what, check, timeoutMs, () => output.slice(-4000));

before(async () => {
  copy = await copyWorkTree();
  const [apiPort, consolePort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${consolePort}`;
  const env = environment({
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    CONSOLE_DEV_PORT: String(consolePort),
    SOS_DATA_DIR: (data = await mkdtemp(join(tmpdir(), 'sos-dev-data-'))),
    SOS_ADMIN_USERNAME: ADMIN.username,
    SOS_ADMIN_PASSWORD: ADMIN.password,
    LOG_PRETTY: 'false',
  });
  delete env.CONSOLE_DEV_API_TARGET; // derived from PORT, as for a newcomer
  // Its own process group: the test ends npm, the server, tsx's watcher and Vite at once.
  dev = spawn('npm', ['run', 'dev'], {
    cwd: copy,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [dev.stdout, dev.stderr]) stream.on('data', (chunk) => (output += chunk));
  // Even when the runner is stopped midway, no server or Vite stays behind.
  process.on('exit', () => {
    try {
      process.kill(-dev.pid, 'SIGTERM');
    } catch {
      // The group has ended already (the after hook stopped it): nothing left behind.
    }
  });
  await until(
    'the API through the dev server',
    async () => (await fetch(`${base}/api/healthz`)).ok,
    180_000,
  );
});

after(async () => {
  if (dev?.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-dev.pid, 'SIGTERM');
    await exited;
  }
  for (const dir of [copy, data]) if (dir) await rm(dir, { recursive: true, force: true });
});

test('the console page, with Vite’s hot reload client', async () => {
  for (const path of ['/', '/login', '/sos/history']) {
    const page = await fetch(`${base}${path}`);
    assert.equal(page.status, 200, path);
    const html = await page.text();
    assert.match(html, /\/@vite\/client/);
    assert.match(html, /src="\/src\/main\.tsx"/);
  }
});

test('modules, the contract’s from its sources (no build output exists)', async () => {
  const main = await fetch(`${base}/src/main.tsx`);
  assert.equal(main.status, 200);
  assert.match(main.headers.get('content-type') ?? '', /javascript/);
  const routes = await (await fetch(`${base}/src/lib/routes.ts`)).text();
  const contract = routes.match(/from "([^"]*packages\/contract\/src\/paths\.ts[^"]*)"/)?.[1];
  assert.ok(contract, `routes.ts imports the contract's source:\n${routes}`);
  const paths = await (await fetch(`${base}${contract}`)).text();
  assert.match(paths, /["']\/sos\/history["']/);
  for (const dist of [
    'packages/contract/dist',
    'tools/simulator/dist',
    'apps/server/dist',
    'apps/console/dist',
  ]) {
    assert.equal(existsSync(join(copy, dist)), false, `${dist} exists`);
  }
});

test('the API and the live stream through the dev server’s proxy', async () => {
  const health = await fetch(`${base}/api/healthz`);
  assert.deepEqual(await health.json(), { status: 'ok' });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  assert.equal(login.status, 200);
  const { access_token: token } = await login.json();
  // The stream's first frame arrives while the response is still open: nothing buffers it.
  const stream = await fetch(`${base}/api/sos/realTime`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  });
  assert.equal(stream.status, 200);
  assert.match(stream.headers.get('content-type') ?? '', /text\/event-stream/);
  const reader = stream.body.getReader();
  const first = await Promise.race([
    reader.read(),
    new Promise((_, reject) => setTimeout(() => reject(new Error('no frame within 10 s')), 10_000)),
  ]);
  assert.ok(first.value && first.value.length > 0);
  await reader.cancel();
});

test('an edited console module is served changed; an edited server file restarts the server', async () => {
  const file = join(copy, 'apps/console/src/lib/routes.ts');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nexport const DEV_LOOP_EDIT = 'edited';\n`);
  await until('the edited module', async () =>
    (await (await fetch(`${base}/src/lib/routes.ts`)).text()).includes('DEV_LOOP_EDIT'),
  );

  const starts = () => output.split('SOS Console is running').length - 1;
  const before = starts();
  const route = join(copy, 'apps/server/src/plugins/app/health.ts');
  writeFileSync(route, `${readFileSync(route, 'utf8')}\n// edited by the dev-loop test\n`);
  await until('the server restart', async () => starts() > before, 120_000);
  await until('the restarted API', async () => (await fetch(`${base}/api/healthz`)).ok, 60_000);
});
