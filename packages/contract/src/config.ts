import { z } from 'zod';

// Must run before any schema is built: with `jitless` zod never calls `new Function`,
// so the console runs under a CSP without 'unsafe-eval'.
z.config({ jitless: true });
