// `npm run lint` (after ESLint): no import cycle between files, nor between folders, in each
// workspace's src (e2e: its root); and, where a workspace has LAYERS, every import points down
// its layers and none is of a package or file its layer refuses. Every import counts: static, type-only, re-exports and dynamic import().
// A folder is a directory below src; the files directly in src (the entry points and what
// wires them) are each their own node. Resolution is TypeScript's, with each workspace's
// tsconfig, so `./x.js` finds x.ts as tsc does.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKSPACES = [
  'packages/contract',
  'tools/simulator',
  'apps/server',
  'apps/console',
  'bench',
  'e2e',
];
/** A workspace's sources: src, except where its folders sit at its root. */
const SOURCES = { e2e: '.' };
/**
 * The layers of a workspace: each file's layer (by its path below src), and the layers each
 * may import (its own included where listed). An import outside its layer's list fails with
 * the file, the import and what the layer may import.
 */
const SERVER_DOMAINS = [
  'sos',
  'devices',
  'users',
  'auth',
  'conf',
  'live',
  'throttle',
  'receivers',
  'audit',
  'push',
  'log',
  'voice',
  'expectations',
];
const LAYERS = {
  'apps/server': {
    layerOf(path) {
      const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : path;
      if (SERVER_DOMAINS.includes(top)) return 'domain';
      if (['routes', 'plugins', 'db', 'lib', 'cli'].includes(top)) return top;
      // Files directly in src: the settings every layer above the domain reads, and the
      // entry points that assemble the application (they may import anything).
      if (path === 'env.ts' || path === 'app-env.ts') return 'settings';
      return 'entry';
    },
    allowed: {
      entry: ['entry', 'cli', 'settings', 'routes', 'plugins', 'domain', 'db', 'lib'],
      cli: ['cli', 'settings', 'domain', 'db', 'lib'],
      // HTTP handlers: validate, call the domain, answer. Never a plugin's internals.
      routes: ['routes', 'settings', 'domain', 'db', 'lib'],
      // Infrastructure wiring: may start the domain's services, never reach into routes.
      plugins: ['plugins', 'settings', 'domain', 'db', 'lib'],
      // env.ts validates with a domain's schema (throttle/trust-proxy.ts).
      settings: ['settings', 'domain', 'lib'],
      // SQL, repositories, services: know nothing of HTTP routes, plugins or the process.
      domain: ['domain', 'db', 'lib'],
      db: ['db', 'lib'],
      lib: ['lib'],
    },
    // The domain never speaks HTTP: it throws lib/domain-error.ts's refusals, which
    // plugins/app/errors.ts alone maps to statuses, and logs through lib/log.ts.
    refused: {
      domain: [/^fastify($|-|\/)/, /^@fastify\//, /(^|\/)lib\/http-error(\.js)?$/],
    },
  },
  // Shared by the browser and the server: plain TypeScript over zod, nothing of Node or a UI.
  'packages/contract': {
    layerOf: () => 'contract',
    allowed: { contract: ['contract'] },
    refused: { contract: [/^(?!zod($|\/)|\.)/] },
  },
  // The protocols know nothing of the demo; the command lines and index.ts assemble.
  'tools/simulator': {
    layerOf(path) {
      const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : path;
      if (top === 'dc09' || top === 'scaip') return 'protocol';
      if (top === 'demo') return 'demo';
      if (['index.ts', 'cli.ts', 'run-cli.ts', 'run-scaip.ts', 'expect-cli.ts'].includes(top))
        return 'entry';
      return 'core';
    },
    allowed: {
      entry: ['entry', 'demo', 'protocol', 'core'],
      demo: ['demo', 'protocol', 'core'],
      protocol: ['protocol', 'core'],
      core: ['core', 'protocol'],
    },
  },
  // A bench measures through workers and lib; workers never reach a bench; lib is below both.
  bench: {
    layerOf(path) {
      const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : path;
      return ['benches', 'workers', 'lib', 'browser'].includes(top) ? top : 'entry';
    },
    allowed: {
      entry: ['entry', 'benches', 'workers', 'lib', 'browser'],
      benches: ['benches', 'workers', 'lib', 'browser'],
      workers: ['workers', 'lib'],
      browser: ['browser', 'lib'],
      lib: ['lib'],
    },
  },
  // Specs use page objects and support; page objects never use a spec; support is below both.
  e2e: {
    layerOf(path) {
      const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : path;
      return ['tests', 'pages', 'support', 'scripts'].includes(top) ? top : 'config';
    },
    allowed: {
      tests: ['tests', 'pages', 'support', 'config'],
      pages: ['pages', 'support', 'config'],
      support: ['support', 'config'],
      scripts: ['scripts', 'config'],
      config: ['config', 'support'],
    },
  },
  'apps/console': {
    // docs/console.md (Layers): app → shell → features → widgets → entities → components →
    // store → theme → lib → i18n; shell and features never import each other (the router
    // puts the screens in the frame's Outlet). Files directly in src (main.tsx) and the test
    // kit (test/) may import anything; no layer may import them.
    layerOf: (path) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : 'entry'),
    allowed: {
      // The router, the providers and the catalogue assembly (which messages load when).
      app: [
        'app',
        'shell',
        'features',
        'widgets',
        'entities',
        'components',
        'store',
        'theme',
        'lib',
        'i18n',
      ],
      // The signed-in frame mounted once by the router: layout, banners, push. Never a screen.
      shell: ['shell', 'widgets', 'entities', 'components', 'store', 'theme', 'lib', 'i18n'],
      // One folder per screen; one may use another's parts, never in a circle (the folder
      // cycle check). Never the frame.
      features: ['features', 'widgets', 'entities', 'components', 'store', 'theme', 'lib', 'i18n'],
      // What screens and the frame share: live scope, alarm and SOS handling, preferences.
      widgets: ['widgets', 'entities', 'components', 'store', 'theme', 'lib', 'i18n'],
      // Devices, SOS, session: state by id, endpoints, live reducers. Never a screen.
      entities: ['entities', 'store', 'lib', 'i18n'],
      components: ['components', 'store', 'theme', 'lib', 'i18n'],
      // The Redux store, the one API, and the state it creates at start: session, live
      // connection, alarm, snackbar (theme and language slices from below).
      store: ['store', 'theme', 'lib', 'i18n'],
      theme: ['theme', 'lib', 'i18n'],
      lib: ['lib', 'i18n'],
      // Message ids, locales, loading a language: never the catalogue assembly (app/).
      i18n: ['i18n'],
    },
  },
};
const isTest = (file) => /\.test\.tsx?$/.test(file);

/** Each file of `src` with the files of `src` it imports. */
function importGraph(workspace) {
  const src = join(ROOT, workspace, SOURCES[workspace] ?? 'src') + sep;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, workspace, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
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
