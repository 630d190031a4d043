// `npm start`: build what is missing, then run the server in this process.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

execFileSync(process.execPath, [fileURLToPath(new URL('./build-if-needed.mjs', import.meta.url))], {
  stdio: 'inherit',
});
await import('../apps/server/dist/src/main.js');
