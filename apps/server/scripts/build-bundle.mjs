// Run by `npm run build` after tsc: writes dist/main.mjs, the server's entry with its own
// modules and its ES-module dependencies in one file (docs/operations.md "Running it"). Node 20
// loads ~570 ES modules one by one for dist/src/main.js (~0.55 s of a start here); as one file
// ~0.3 s. CommonJS dependencies stay in node_modules, loaded as they expect: fastify and its
// plugins (files of their own: swagger-ui's pages, pino's transport worker), native addons
// (argon2), PGlite (its WebAssembly beside its module). Skipped while the bundle is newer than
// what it is made of: dist/src, the contract's dist, the lockfile (Drizzle, Zod, jose) and this
// script.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isFresh } from '../../../scripts/lib/fresh.mjs';

const SERVER = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${SERVER}dist/main.mjs`;
/** Bundled: ES modules only, whose loading is what a start pays for; everything else external. */
const BUNDLED = new Set([
  '@sos/contract',
  'drizzle-orm',
  'zod',
  'jose',
  'fastify-type-provider-zod',
]);

const packageOf = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

const INPUTS = [
  `${SERVER}dist/src`,
  fileURLToPath(new URL('../../../packages/contract/dist', import.meta.url)),
  fileURLToPath(new URL('../../../package-lock.json', import.meta.url)),
  fileURLToPath(import.meta.url),
];

if (!isFresh(OUT, INPUTS)) {
  await build({
    entryPoints: [`${SERVER}dist/src/main.js`],
    outfile: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-unless-bundled',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, ({ path }) =>
            path.startsWith('node:') || !BUNDLED.has(packageOf(path))
              ? { path, external: true }
              : undefined,
          );
        },
      },
    ],
  });
  console.log('server bundle');
}
