import { sql } from 'drizzle-orm';

/** One decimal, rounded in numeric (half away from zero), null stays null. */
export const r1 = (value: string) => sql.raw(`round((${value})::numeric, 1)::float8`);
export const pct = (part: string) => r1(`100.0 * ${part} / nullif(count(*), 0)`);
export const median = (column: string) =>
  r1(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column})`);

/**
 * Seconds from `from` to `to` (timestamptz columns), bit for bit what
 * extract(epoch FROM to - from)::float8 gives, at a fraction of its cost: extract computes in
 * numeric (a third of a year's stats on PostgreSQL, more in the embedded WASM build), date_part
 * in float8. The difference of two timestamptz is microseconds with whole days split off;
 * under a day in size it has no day part, and date_part is then `microseconds / 1e6`, one
 * correctly rounded division, which is also what the numeric result rounds to. A day or more
 * would add the days in a second rounding, so those (rare) keep extract. Null stays null.
 */
export const seconds = (to: string, from: string) => {
  const span = `(${to} - ${from})`;
  return (
    `CASE WHEN ${span} < interval '1 day' AND ${span} > interval '-1 day' ` +
    `THEN date_part('epoch', ${span}) ELSE extract(epoch FROM ${span})::float8 END`
  );
};
