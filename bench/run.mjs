// `npm run bench -- <name|all> [--size tiny|full]`: loads tsx, then the TypeScript runner;
// `npm run bench -- table [--check]` only (re)writes or checks bench/RESULTS.md.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2] === 'table' ? './src/table-main.ts' : './src/cli.ts');
