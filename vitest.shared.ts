import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';

/**
 * The workspace packages' "@sos/source" export (tsconfig.base.json's customConditions):
 * tests import their TypeScript sources, as tsc and tsx do, never a stale or missing dist.
 */
export const SOURCE_CONDITION = '@sos/source';

/** Vitest's own defaults (Vite's, less 'module' on the server side) after ours. */
export const sourceResolve = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: {
    resolve: {
      conditions: [SOURCE_CONDITION, ...defaultServerConditions.filter((c) => c !== 'module')],
    },
  },
} satisfies UserConfig;
