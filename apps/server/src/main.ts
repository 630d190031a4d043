import { run } from './run.js';

// `npm start`: the server alone (run.ts); `npm run demo` calls run() with its companion.
run();
