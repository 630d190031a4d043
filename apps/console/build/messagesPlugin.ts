import { runnerImport, type Plugin } from 'vite';
import { compileMessages } from '../src/i18n/compileMessages.js';

type Catalogue = { messages: Record<string, Record<string, string>> };

/**
 * `virtual:messages/<locale>`: that language's catalogue (src/app/catalogue.ts, the one
 * source of the texts) precompiled to ICU AST, one module per language so the console
 * loads only the active one. Another prefix serves a catalogue that loads with its feature
 * (app/signedIn.catalogue.ts: `virtual:signed-in-messages/<locale>`), off the start-up chunk.
 */
export function compiledMessages(catalogueFile: string, PREFIX = 'virtual:messages/'): Plugin {
  const RESOLVED = `\0${PREFIX}`;
  let catalogue: Promise<{ module: Catalogue; dependencies: string[] }> | null = null;
  return {
    name: `sos-compiled-messages:${PREFIX}`,
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      // The catalogue is TypeScript: Vite's module runner loads it (once per build).
      catalogue ??= runnerImport<Catalogue>(catalogueFile, {
        configFile: false,
        logLevel: 'error',
      });
      const { module, dependencies } = await catalogue;
      for (const file of [catalogueFile, ...dependencies]) this.addWatchFile(file);
      const texts = module.messages[locale];
      if (!texts) this.error(`no catalogue for locale "${locale}"`);
      return `export default ${JSON.stringify(compileMessages(texts))};`;
    },
    // Dev server and vitest watch: an edited catalogue is read again.
    watchChange(file) {
      if (file.endsWith('messages.ts') || file.endsWith('catalogue.ts')) catalogue = null;
    },
  };
}
