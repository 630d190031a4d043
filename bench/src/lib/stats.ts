/** Order statistics of a sample: benches quote medians and tails, never means alone. */
export interface Summary {
  count: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of an ascending array (p in 0..100). */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  const sum = list.reduce((a, b) => a + b, 0);
  return {
    count: list.length,
    min: list[0] ?? NaN,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.at(-1) ?? NaN,
    mean: list.length ? sum / list.length : NaN,
  };
}

export const median = (values: readonly number[]): number => summarize(values).p50;

/** Rounds for the JSON and the table: enough digits for milliseconds and ratios. */
export const round = (value: number, digits = 2): number =>
  Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : value;
