import { runnerImport, type Plugin } from 'vite';
import { compileMessages } from '../src/i18n/compileMessages.js';

const PREFIX = 'virtual:messages/';
const RESOLVED = `\0${PREFIX}`;

type Catalogue = { messages: Record<string, Record<string, string>> };

/**
 * `virtual:messages/<locale>`: that language's catalogue (src/i18n/catalogue.ts, the one
 * source of the texts) precompiled to ICU AST, one module per language so the console
 * loads only the active one.
 */
export function compiledMessages(catalogueFile: string): Plugin {
  let catalogue: Promise<{ module: Catalogue; dependencies: string[] }> | null = null;
  return {
    name: 'sos-compiled-messages',
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
