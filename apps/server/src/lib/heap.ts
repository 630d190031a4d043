import { setFlagsFromString } from 'node:v8';

/**
 * With the embedded database, PostgreSQL itself lives in this process (PGlite: ~110 MiB of
 * WebAssembly memory and code), and the 400 MB target at 10,000 live streams
 * leaves the JavaScript heap little room. V8 on a machine with this much memory lets the
 * old generation grow to up to 4 × what survived the last full collection before the next:
 * identical runs of 10,000 streams ended anywhere between 378 and 458 MiB, mostly garbage not
 * yet collected. A growing factor of 1.1 keeps the heap near what is live: 362 MiB with the
 * streams open (bench fan-out-10k). Measured against the alternatives (benches fan-out-10k and alert-latency):
 * --optimize-for-size held memory as well but cost the alert path ~3 ms at the median
 * (alert-latency); a factor of 1.3 kept the latency but ended at 389 MiB (408 MB). V8 reads
 * the flag each time it sizes the heap after a collection, so setting it first thing at start
 * applies it to the whole life of the process (NODE_OPTIONS does not accept it). With
 * PostgreSQL as a separate server, memory is not the constraint and V8's defaults are kept.
 */
export function preferSmallHeap() {
  setFlagsFromString('--heap-growing-percent=10');
}
