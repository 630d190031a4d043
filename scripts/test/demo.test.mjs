// `npm run demo` as a newcomer runs it (scripts/demo.mjs): the server starts, prints where to
// go, and the simulator started beside it fills the console: the HTTP demo devices, the two
// DC-09 devices and the two SCAIP units, on free ports and a fresh SOS_DATA_DIR.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { environment } from '../lib/env.mjs';
import { voicePorts } from '../lib/voice-ports.mjs';
import { freePort, waitFor } from './work-tree.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = { username: 'admin', password: 'demo-test-password' };
let data;
let demo;
let output = '';
let base;
let voiceOn = false;

before(async () => {
  const [port, dc09, scaip] = [await freePort(), await freePort(), await freePort()];
  const voice = await voicePorts();
  base = `http://127.0.0.1:${port}`;
  const env = environment({
    PORT: String(port),
    HOST: '127.0.0.1',
    SOS_DC09_PORT: String(dc09),
    SOS_SCAIP_PORT: String(scaip),
    SOS_DEMO_DEVICES: '3',
    SOS_DATA_DIR: (data = await mkdtemp(join(tmpdir(), 'sos-demo-data-'))),
    SOS_ADMIN_USERNAME: ADMIN.username,
    SOS_ADMIN_PASSWORD: ADMIN.password,
    LOG_PRETTY: 'false',
  });
  delete env.SOS_DC09_KEY; // a fresh one, printed, as for a newcomer
  // Voice where Kamailio and rtpengine are installed (CI installs them), on ports free for it
  // (its WebSocket and control ports are the next two); elsewhere the demo says it is off.
  const { findVoicePrograms } = await import('../../apps/server/dist/src/voice/packages.js').catch(
    () => ({
      findVoicePrograms: () => ({ missing: ['kamailio'] }),
    }),
  );
  voiceOn = !('missing' in findVoicePrograms());
  if (voiceOn) {
    env.SOS_VOICE_SIP_PORT = String(voice.sipPort);
    env.SOS_VOICE_RTP_PORTS = voice.rtpPorts;
  } else delete env.SOS_VOICE_SIP_PORT;
  demo = spawn(process.execPath, ['scripts/demo.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [demo.stdout, demo.stderr]) stream.on('data', (chunk) => (output += chunk));
  process.on('exit', () => demo.kill('SIGKILL'));
  await waitFor(
    'the start message',
    () => output.includes('SOS Console is running') || demo.exitCode !== null,
    180_000,
    () => output.slice(-4000),
  );
  assert.equal(demo.exitCode, null, `npm run demo ended:\n${output.slice(-4000)}`);
});

after(async () => {
  if (demo.exitCode === null) {
    const ended = new Promise((resolve) => demo.once('exit', resolve));
    demo.kill('SIGINT');
    await ended;
  }
  await rm(data, { recursive: true, force: true });
});

test('prints where to go, the DC-09 key and what the demo simulates', () => {
  assert.match(output, new RegExp(`SOS Console is running: ${base}`));
  assert.match(output, /demo: SIA DC-09 key for this run \(AES-128\): [0-9A-F]{32}/);
  assert.match(
    output,
    /demo: 3 simulated devices \(DEMO-0001\.\.\.\): an SOS now and then, at most 1 open at once/,
  );
  assert.match(output, /demo: DC-09 devices 5E01, 7A02 report through the receiver/);
  assert.match(
    output,
    voiceOn
      ? /voice: SIP on UDP and TCP port \d+/
      : /demo: voice off \(to turn it on: apt-get install /,
  );
});

test("the demo's devices appear in the console's device list", async () => {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access_token } = await login.json();
  const names = async () => {
    const res = await fetch(`${base}/api/device/getAll`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    return (await res.json()).map((d) => d.displayName).sort();
  };
  await waitFor(
    'the demo devices',
    async () => (await names()).length === 7,
    30_000,
    () => output.slice(-4000),
  );
  assert.deepEqual(await names(), [
    'Bracciale Giulia Ricci',
    'Ciondolo Sig.ra Rossi',
    'DC-09 5E01',
    'DC-09 7A02',
    'Pulsante Camera 1',
    'SCAIP DEMO-TCP-0001',
    'SCAIP DEMO-UDP-0001',
  ]);
});

test('Ctrl-C stops the simulated devices and the server', async () => {
  const ended = new Promise((resolve) => demo.once('exit', (code) => resolve(code)));
  demo.kill('SIGINT');
  assert.equal(await ended, 0);
});
