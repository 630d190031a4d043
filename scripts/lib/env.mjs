// The one module of the development tooling that touches the environment: `npm run dev`, the
// console's dev server, the simulator's command, the benches, the end-to-end run and the test
// helpers. The server has its own, apps/server/src/env.ts, which validates every variable it
// takes. ESLint refuses process.env anywhere else (eslint.config.js), so a reader finds here
// every variable a tool reads: their names and meanings are in env.d.mts, beside this file.

/** One variable of the tooling, unset when empty. */
export function toolVar(name) {
  return process.env[name] || undefined;
}

/** This process's variables with `extra` on top: what a child inherits, what a command parses. */
export function environment(extra = {}) {
  return { ...process.env, ...extra };
}

/** Sets a variable for a server this process then starts in-process (it reads its own env.ts). */
export function exportVar(name, value) {
  process.env[name] = value;
}
