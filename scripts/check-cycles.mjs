// `npm run lint` (after ESLint): no import cycle between files, nor between folders, in each
// workspace's src (e2e: its root); and, where a workspace has layers (scripts/lib/layers.mjs),
// every import points down its layers and none is of a package or file its layer refuses. Every
// import counts: static, type-only, re-exports and dynamic import().
// A folder is a directory below src; the files directly in src (the entry points and what
// wires them) are each their own node. Resolution is TypeScript's, with each workspace's
// tsconfig, so `./x.js` finds x.ts as tsc does.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { LAYERS, SOURCES, WORKSPACES } from './lib/layers.mjs';
import { parseTsconfig } from './lib/tsconfig.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Each file of `src` with the files of `src` it imports. */
function importGraph(workspace) {
  const src = join(ROOT, workspace, SOURCES[workspace] ?? 'src') + sep;
  const config = parseTsconfig(join(ROOT, workspace, 'tsconfig.json'));
  const files = config.fileNames.filter(
    (f) => f.startsWith(src) && !isTest(f) && !f.endsWith('.d.ts'),
  );
  const graph = new Map();
  const specifiers = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    specifiers.set(
      file,
      importedFiles.map((i) => i.fileName),
    );
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, config.options, ts.sys).resolvedModule;
      const target = resolved?.resolvedFileName;
      if (target && target.startsWith(src) && !target.endsWith('.d.ts')) targets.add(target);
    }
    graph.set(file, targets);
  }
  return { src, graph, specifiers, reaches: reachesInto(workspace, config) };
}

/**
 * Relative imports, from any file of the workspace (tests too), of another workspace's
 * sources: invisible to that workspace's layers, and broken by its next move. Another
 * workspace is imported by its package name and exports (@sos/server/testing, say).
 */
function reachesInto(workspace, config) {
  const home = join(ROOT, workspace) + sep;
  const others = WORKSPACES.filter((w) => w !== workspace).map(
    (w) => join(ROOT, w, SOURCES[w] ?? 'src') + sep,
  );
  const found = [];
  for (const file of config.fileNames) {
    if (!file.startsWith(home) || file.includes(`${sep}node_modules${sep}`)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = join(dirname(file), fileName);
      if (others.some((other) => target.startsWith(other)))
        found.push(
          `${relative(ROOT, file)} imports ${fileName}: another workspace's sources, by path`,
        );
    }
  }
  return found;
}

/** Strongly connected components with more than one node, or a node importing itself (Tarjan). */
function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indexOf.get(next)));
      }
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

/** The folder graph: an edge wherever a file of one folder imports a file of another. */
function folderGraph(src, graph) {
  const folderOf = (file) => {
    const dir = relative(src, dirname(file));
    return dir === '' ? relative(src, file) : `${dir}/`;
  };
  const folders = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from) folders.get(from).add(to);
    }
  }
  return folders;
}

/** Imports that go against the workspace's layers, as messages. */
function layerViolations(workspace, src, graph, specifiers) {
  const layers = LAYERS[workspace];
  if (!layers) return [];
  const found = [];
  for (const [file, targets] of graph) {
    const from = relative(src, file).split(sep).join('/');
    const layer = layers.layerOf(from);
    for (const specifier of specifiers.get(file) ?? []) {
      const refusal = layers.refused?.[layer]?.find((pattern) => pattern.test(specifier));
      if (refusal)
        found.push(`${from} (${layer}) imports ${specifier}: ${layer} may not import ${refusal}`);
    }
    const allowed = layers.allowed[layer];
    if (!allowed) continue; // a layer without a list may import anything
    for (const target of targets) {
      const to = relative(src, target).split(sep).join('/');
      const targetLayer = layers.layerOf(to);
      if (!allowed.includes(targetLayer))
        found.push(
          `${from} (${layer}) imports ${to} (${targetLayer}): ${layer} may import only ${allowed.join(', ')}`,
        );
    }
  }
  return found;
}

let problems = 0;
for (const workspace of WORKSPACES) {
  const { src, graph, specifiers, reaches } = importGraph(workspace);
  const violations = [...layerViolations(workspace, src, graph, specifiers), ...reaches];
  const folders = folderGraph(src, graph);
  const fileCycles = cycles(graph);
  const folderCycles = cycles(folders);
  console.log(
    `cycles: ${relative(ROOT, src) || '.'}: ${graph.size} files, ${fileCycles.length} file cycles; ` +
      `${folders.size} folders and root files, ${folderCycles.length} folder cycles` +
      `; layers: ${violations.length} import(s) against them`,
  );
  for (const violation of violations) console.log(`  layers:  ${violation}`);
  for (const cycle of fileCycles)
    console.log(`  files:   ${cycle.map((f) => relative(src, f)).join(' <-> ')}`);
  for (const cycle of folderCycles) console.log(`  folders: ${cycle.join(' <-> ')}`);
  problems += fileCycles.length + folderCycles.length + violations.length;
}
if (problems > 0) {
  console.error(`cycles: ${problems} import cycle(s) or import(s) against the layers: see above`);
  process.exit(1);
}
