// A process that takes the data folder lock (as a server start does), says whether it got
// it, holds it for a while, then exits (argv: the lock module, folder, hold ms, 'release' |
// 'crash'). Plain JavaScript importing the module it is given (helpers/process.ts
// moduleArgs): the build's when it is current, so no child compiles TypeScript at its start.
import { pathToFileURL } from 'node:url';

const [lockModule, dir, holdMs, end] = process.argv.slice(2);
const { lockDataDir } = await import(pathToFileURL(lockModule).href);
try {
  const release = await lockDataDir(dir);
  console.log(`locked ${process.pid}`);
  await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
  if (end === 'release') await release();
  process.exit(0);
} catch (err) {
  console.log(`refused ${err instanceof Error ? err.message : String(err)}`);
  process.exit(3);
}
