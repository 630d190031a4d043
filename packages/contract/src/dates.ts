/**
 * The dates a query may carry (`from`, `to`, the history's cursor): 1970-01-01 to 2100-12-31
 * (docs/hardening.md). A report has no SOS before the first or after the second, and
 * everything inside is a value PostgreSQL, JavaScript's Date and ISO 8601 all hold alike:
 * year 0000 is no date to PostgreSQL, year 9999 ends a day-by-day report in year 10000.
 * Zod-free, so the console's date fields apply the same rule.
 */
export const QUERY_DATE_MIN = '1970-01-01';
export const QUERY_DATE_MAX = '2100-12-31';
export const QUERY_DATE_RANGE_MESSAGE = `must be a date from ${QUERY_DATE_MIN} to ${QUERY_DATE_MAX}`;

/**
 * Whether a day YYYY-MM-DD, or an ISO 8601 instant by the calendar date it is written with,
 * lies within the bounds (both included). The format itself is checked by the schemas.
 */
export function isQueryDateInRange(value: string): boolean {
  const day = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= QUERY_DATE_MIN && day <= QUERY_DATE_MAX;
}
