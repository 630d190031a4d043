// `npm run lint`: tsconfig.typecheck.json, the one program `npm run typecheck` checks the
// contract, the server and the simulator with, stays what its three workspaces' own tsconfigs
// say: the same compiler options, and exactly the files they list together. A file added to a
// workspace's include, or an option changed in one of them, fails here until the program
// follows, so the root typecheck can never check less (or otherwise) than the workspaces.
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTsconfig } from './lib/tsconfig.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKSPACES = ['packages/contract', 'apps/server', 'tools/simulator'];

function parse(path) {
  const config = parseTsconfig(path);
  const { configFilePath: _path, ...options } = config.options;
  return { options, files: new Set(config.fileNames) };
}

const program = parse(join(ROOT, 'tsconfig.typecheck.json'));
const problems = [];
const listed = new Set();
for (const workspace of WORKSPACES) {
  const own = parse(join(ROOT, workspace, 'tsconfig.json'));
  if (!isDeepStrictEqual(own.options, program.options))
    problems.push(`${workspace}/tsconfig.json: compiler options differ from the program's`);
  for (const file of own.files) listed.add(file);
}
for (const file of listed)
  if (!program.files.has(file)) problems.push(`not in the program: ${file.slice(ROOT.length)}`);
for (const file of program.files)
  if (!listed.has(file))
    problems.push(`in the program, in no workspace: ${file.slice(ROOT.length)}`);

if (problems.length > 0) {
  console.error(`tsconfig.typecheck.json differs from ${WORKSPACES.join(', ')}:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `tsconfig.typecheck.json: ${program.files.size} files, as its three workspaces list them`,
);
