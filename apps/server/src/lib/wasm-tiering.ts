import { setFlagsFromString } from 'node:v8';

/**
 * The embedded database is PostgreSQL compiled to WebAssembly (9 MB of code). V8 runs each
 * function first as baseline code and recompiles it optimized ("tiers it up") once it has
 * run a budget's worth; with the default budget, PostgreSQL's start alone (catalogues,
 * migrations check, first queries) sends hundreds of functions to the optimizing compiler:
 * 1.2–1.7 s of CPU on V8's background threads, on a 2-core machine the other half of a start
 * whose main thread needs 1.0–1.3 s. A budget 100 times
 * larger leaves the start's once-run code at baseline and still optimizes what stays hot:
 * background CPU of a start 1.6 → 0.8 s; the same queries run as fast from about the
 * 1,000th on (measured in bench/README.md's `start` method). V8 reads the budget when the
 * module is instantiated, so this is set before the database opens.
 */
export function deferWasmTierUp() {
  setFlagsFromString('--wasm-tiering-budget=180000000');
}
