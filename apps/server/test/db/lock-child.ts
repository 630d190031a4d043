// A process that takes the data folder lock (as a server start does), says whether it got
// it, holds it for a while, then exits (argv: folder, hold ms, 'release' | 'crash').
import { lockDataDir } from '../../src/db/lock.js';

const [dir, holdMs, end] = process.argv.slice(2);
try {
  const release = await lockDataDir(dir!);
  console.log(`locked ${process.pid}`);
  await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
  if (end === 'release') await release();
  process.exit(0);
} catch (err) {
  console.log(`refused ${err instanceof Error ? err.message : String(err)}`);
  process.exit(3);
}
