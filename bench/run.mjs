// `npm run bench -- <name|all> [--size tiny|full]`: loads tsx, then the TypeScript runner.
import { register } from 'tsx/esm/api';

register();
await import('./src/cli.ts');
