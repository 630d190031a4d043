import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A chunk and every chunk it imports statically: what loading it downloads. */
function closure(bundle: OutputBundle, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') stack.push(...chunk.imports);
  }
  return seen;
}

/**
 * index.html preloads the login screen's chunks beside the entry's: signed out, main.tsx
 * imports that screen before the first render, and it should not wait for the entry to
 * run first to start downloading. (Signed-in visits fetch them once; they are cached.)
 */
export function preloadLogin(pageModule: string): Plugin {
  let base = '/';
  return {
    name: 'sos-preload-login',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return undefined;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const page = chunks.find((c) => c.facadeModuleId === pageModule);
        const entry = chunks.find((c) => c.isEntry);
        if (!page || !entry) throw new Error(`no chunk for ${pageModule} or no entry chunk`);
        const loaded = closure(bundle, [entry.fileName]);
        return [...closure(bundle, [page.fileName])]
          .filter((file) => !loaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
