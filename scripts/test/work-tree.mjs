// A copy of the work tree as a fresh clone has it: the files git tracks (and the new ones it
// does not ignore), no build output, no data; node_modules reused through symlinks, except
// the workspace packages themselves, which point into the copy.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Caches a tool writes into node_modules: the copy's own, never the original's. */
const CACHES = new Set(['.vite', '.vite-temp', '.cache']);

/** Mirrors one node_modules folder: a real folder whose entries link to the original's. */
function mirrorNodeModules(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (CACHES.has(entry)) continue;
    if (entry === '@sos') {
      // Workspace links are relative (../../packages/contract): the same ones land in the copy.
      mkdirSync(join(to, entry));
      for (const name of readdirSync(join(from, entry))) {
        symlinkSync(readlinkSync(join(from, entry, name)), join(to, entry, name));
      }
    } else {
      symlinkSync(join(from, entry), join(to, entry));
    }
  }
}

export async function copyWorkTree() {
  const copy = await mkdtemp(join(tmpdir(), 'sos-worktree-'));
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  for (const file of listed.toString().split('\0').filter(Boolean)) {
    if (!existsSync(join(ROOT, file))) continue; // deleted, not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(copy, file));
  }
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  for (const dir of ['', ...workspaces]) {
    const nodeModules = join(ROOT, dir, 'node_modules');
    if (existsSync(nodeModules)) mirrorNodeModules(nodeModules, join(copy, dir, 'node_modules'));
  }
  return copy;
}

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` (errors count as "not yet") until it is true; `context()` explains a timeout. */
export async function waitFor(what, check, timeoutMs = 30_000, context = () => '') {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
