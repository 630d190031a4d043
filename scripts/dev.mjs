// `npm run dev`: the server in watch mode (tsx restarts it when a file it imports changes)
// and the console's Vite dev server with hot reload on CONSOLE_DEV_PORT (default 5173),
// which passes /api to the server. Both run the workspaces' TypeScript sources (the
// "@sos/source" condition): nothing to build first. The server runs from the repository
// root, as `npm start` does: its data in ./data, its settings from ./.env.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { config } from 'dotenv';
import { environment } from './lib/env.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONSOLE = join(ROOT, 'apps/console');

/** The JavaScript file of a package's command, as installed for `fromDir`. */
function binOf(pkg, command, fromDir) {
  const manifest = createRequire(join(fromDir, 'package.json')).resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin[command]);
}

config({ quiet: true });
const env = environment();
// The server as the dev server reaches it: a wildcard HOST means this machine.
const host = { '': '127.0.0.1', '0.0.0.0': '127.0.0.1', '::': '::1' }[env.HOST ?? ''] ?? env.HOST;
env.CONSOLE_DEV_API_TARGET ||= `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || 8080}`;

// `npm run dev -w apps/server` (or `-w apps/console`): that one alone.
const only = process.argv[2];
const children = [
  [
    'server',
    [
      binOf('tsx', 'tsx', ROOT),
      'watch',
      '--clear-screen=false',
      '--conditions=@sos/source',
      'apps/server/src/main.ts',
    ],
    ROOT,
  ],
  ['console', [binOf('vite', 'vite', CONSOLE)], CONSOLE],
]
  .filter(([name]) => !only || name === only)
  .map(([name, args, cwd]) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: 'inherit' });
    child.on('exit', (code, signal) =>
      stopAll(`${name} ended (${signal ?? `code ${code}`})`, code ?? 1),
    );
    return child;
  });

let stopping = false;
function stopAll(why, code) {
  if (stopping) return;
  stopping = true;
  if (why) console.error(`dev: ${why}: stopping`);
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => stopAll(null, 0));
process.on('SIGTERM', () => stopAll(null, 0));
