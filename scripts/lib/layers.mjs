// The workspaces the import check reads and the layers it enforces in each (scripts/check-cycles.mjs,
// run by `npm run lint`): the rules a reviewer would otherwise check by eye, as data.

export const WORKSPACES = [
  'packages/contract',
  'tools/simulator',
  'apps/server',
  'apps/console',
  'bench',
  'e2e',
];
/** A workspace's sources: src, except where its folders sit at its root. */
export const SOURCES = { e2e: '.' };
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
export const LAYERS = {
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
