// `npm run lint`: the programs `npm run typecheck` checks several workspaces with at once stay
// what those workspaces' own tsconfigs say: the same compiler options, and exactly the files
// they list together. A file added to a workspace's include, or an option changed in one of
// them, fails here until the program follows, so the root typecheck can never check less (or
// otherwise) than the workspaces.
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTsconfig } from './lib/tsconfig.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Each program and the workspaces it stands for. */
const PROGRAMS = {
  'tsconfig.typecheck.json': ['packages/contract', 'apps/server', 'tools/simulator'],
  'tsconfig.typecheck-e2e-bench.json': ['e2e', 'bench'],
};

function parse(path) {
  const config = parseTsconfig(path);
  const { configFilePath: _path, ...options } = config.options;
  return { options, files: new Set(config.fileNames) };
}

/** What differs between the program at `name` and its workspaces, one line each. */
function problemsOf(name, workspaces) {
  const program = parse(join(ROOT, name));
  const problems = [];
  const listed = new Set();
  for (const workspace of workspaces) {
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
  return { problems, files: program.files.size };
}

let failed = false;
for (const [name, workspaces] of Object.entries(PROGRAMS)) {
  const { problems, files } = problemsOf(name, workspaces);
  if (problems.length === 0) {
    console.log(`${name}: ${files} files, as ${workspaces.join(', ')} list them`);
    continue;
  }
  failed = true;
  console.error(`${name} differs from ${workspaces.join(', ')}:`);
  for (const problem of problems) console.error(`  ${problem}`);
}
if (failed) process.exit(1);
