import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moduleArgs, SERVER_DIR } from '../helpers/process.js';

interface Child {
  pid: number;
  /** 'locked' or 'refused', once it said so. */
  said: Promise<string>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
}

/** A process taking the folder lock, as a second server would (test/db/lock-child.mjs). */
function contender(dir: string, holdMs: number, end: 'release' | 'crash' = 'release'): Child {
  const child = spawn(
    process.execPath,
    [...moduleArgs('test/db/lock-child.mjs', 'src/db/lock.ts'), dir, String(holdMs), end],
    {
      cwd: SERVER_DIR,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  const said = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.split(' ')[0]!);
    });
    child.once('exit', () => resolve(out.split(' ')[0] || 'exited'));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { pid: child.pid!, said, exited, kill: (signal) => child.kill(signal) };
}

describe('embedded data folder lock (two processes racing)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sos-lock-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const race = async (n: number) => {
    // The winner holds the folder until every contender has answered: on a loaded machine
    // a late starter must still meet the lock, not a folder freed after a short hold.
    const children = Array.from({ length: n }, () => contender(dir, 120_000));
    const said = await Promise.all(children.map((c) => c.said));
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    return said.filter((s) => s === 'locked').length;
  };

  it('lets exactly one of several processes starting together take a free folder', async () => {
    expect(await race(5)).toBe(1);
  });

  it('refuses every newcomer while the holder runs', async () => {
    const holder = contender(dir, 120_000);
    expect(await holder.said).toBe('locked');
    expect(await race(4)).toBe(0);
    holder.kill('SIGTERM');
    await holder.exited;
  });

  it('never takes over a lock whose owner has only just created it', async () => {
    // What a starting process leaves for an instant: the lock made, its owner not yet written.
    await writeFile(join(dir, 'server.lock'), '');
    expect(await race(3)).toBe(0);
  });

  it('after a kill -9, exactly one of the processes racing to restart takes the folder over, at once', async () => {
    for (let round = 0; round < 3; round++) {
      const crashed = contender(dir, 60_000, 'crash');
      expect(await crashed.said).toBe('locked');
      crashed.kill('SIGKILL');
      await crashed.exited;
      expect(await race(5)).toBe(1);
    }
  });
});
