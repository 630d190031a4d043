import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, startTestServer, type TestServer } from './server.js';
import { environment } from '../../../scripts/lib/env.mjs';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

/** Runs `npm run simulate -- …` as a user would (from the sources, through tsx). */
function simulate(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { env: environment({ SOS_DEVICE_API_KEY: '' }), timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('npm run simulate', () => {
  it('runs devices against the server, prints what they do and a summary, exits 0', async () => {
    const run = await simulate([
      '--url',
      server.url,
      '--api-key',
      API_KEY,
      '--devices',
      '3',
      '--sos-every',
      '0.2',
      '--heartbeat',
      '0.5',
      '--duration',
      '6',
      '--prefix',
      'CLI-',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`simulating 3 devices against ${server.url}`);
    expect(run.stdout).toContain('registered CLI-0002 "Ciondolo Sig.ra Rossi"');
    expect(run.stdout).toMatch(/SOS #\d+ raised by CLI-000\d/);
    expect(run.stdout).toMatch(
      /3\/3 devices registered · SOS raised [1-3]\b.* · heartbeats \d+ · errors 0/,
    );
    const devices = (await server.devices()).filter((d) => d.serial.startsWith('CLI-'));
    expect(devices).toHaveLength(3);
  });

  it('explains a refused key and exits 1', async () => {
    const run = await simulate(['--url', server.url, '--api-key', 'wrong-key']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the server refused the API key (401): check --api-key');
  });

  it('explains a server it cannot reach and exits 1', async () => {
    const run = await simulate(['--url', 'http://127.0.0.1:1', '--api-key', 'k']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cannot reach the server at http://127.0.0.1:1');
    expect(run.stderr).toContain('check --url');
  });

  it('prints the usage and exits 2 on bad arguments', async () => {
    const run = await simulate(['--api-key', 'k', '--devices', 'many']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--devices: must be a positive whole number');
    expect(run.stderr).toContain('Usage: npm run simulate -- --api-key KEY');
  });

  it('prints the usage and exits 0 for --help', async () => {
    const run = await simulate(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--sos-every S');
  });
});
