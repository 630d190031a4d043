import { wallNow } from '../lib/clock.js';
import type { IngestReport, IngestWindow } from './ingest-protocol.js';

/**
 * Runs `loops` concurrent raise + close cycles until the window ends and counts the cycles
 * that ended inside the measured part of it. Shared by the product's devices and the floor.
 */
export async function runCycles(
  window: IngestWindow,
  loops: number,
  cycle: (loop: number) => Promise<void>,
): Promise<IngestReport> {
  const from = window.startAt + window.warmupMs;
  const until = from + window.durationMs;
  const report: IngestReport = {
    type: 'done',
    cycles: 0,
    errors: 0,
    errorSamples: [],
    cycleMs: [],
  };
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, window.startAt - wallNow())));
  const loop = async (index: number) => {
    while (wallNow() < until) {
      const started = wallNow();
      try {
        await cycle(index);
      } catch (err) {
        const ended = wallNow();
        if (ended >= from && ended < until) report.errors++;
        if (report.errorSamples.length < 5)
          report.errorSamples.push((err as Error).message.slice(0, 300));
        continue;
      }
      const ended = wallNow();
      if (ended >= from && ended < until) {
        report.cycles++;
        report.cycleMs.push(ended - started);
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, i) => loop(i)));
  return report;
}
