#!/usr/bin/env node
import { runAdmin } from './run.js';

// `npm run admin -- <command>`: see USAGE in usage.ts.
runAdmin(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('admin command failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
