import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // Small files (CONTRIBUTING.md): none over 300 lines, so a reader sees one concern.
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // One reader of the environment per side (docs/operations.md, Configuration): the server's
    // apps/server/src/env.ts validates every variable it takes; the tooling's
    // scripts/lib/env.mjs names every variable a tool reads. Anywhere else a variable would
    // escape both lists.
    ignores: ['apps/server/src/env.ts', 'scripts/lib/env.mjs'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message:
            'Read variables through apps/server/src/env.ts (the server) or scripts/lib/env.mjs (tooling).',
        },
      ],
    },
  },
  {
    // Type-aware rules (typescript-eslint recommendedTypeChecked) on the server, contract and
    // simulator sources: what a reviewer checks by eye (floating and misused promises, unbound
    // methods, needless assertions, unsafe any), in one TypeScript program for the three
    // (tsconfig.typecheck.json, as `npm run typecheck`): a program per workspace re-read the
    // contract's and the server's sources in each. The console's sources (clean when this was
    // added) would double the cost, and CI lints beside build and typecheck on 2 cores. Tests,
    // bench and e2e stay out likewise.
    files: [
      'apps/server/src/**/*.ts',
      'packages/contract/src/**/*.ts',
      'tools/simulator/src/**/*.ts',
    ],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.typecheck.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Noise by design: every Fastify plugin is an async function (Fastify's contract for a
      // plugin without a done callback), awaiting something or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Arabic writes every number and date in Arabic-Indic digits (docs/console.md): the console
    // formats dates, times and durations in lib/format.ts (localDigits) and numbers through
    // react-intl (`{n, number}`, formatNumber), both in the language on screen. dayjs, Intl and
    // toLocale*String anywhere else would write a fixed locale's, or the browser's, digits.
    files: ['apps/console/src/**/*.{ts,tsx}'],
    ignores: ['apps/console/src/lib/**', 'apps/console/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { name: 'dayjs', message: 'Format dates through lib/format.ts (the language’s digits).' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format through lib/format.ts or react-intl, in the language on screen.',
        },
        {
          selector: "MemberExpression[object.name='Intl']",
          message: 'Format through lib/format.ts or react-intl, in the language on screen.',
        },
      ],
    },
  },
);
