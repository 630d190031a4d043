#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { environment } from '../../../scripts/lib/env.mjs';

runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: environment(),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('simulator failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
