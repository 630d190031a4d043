import { sql, type SQL } from 'drizzle-orm';
import { isReportDay } from '@sos/contract';

/**
 * A bound of docs/alarm-handling.md: an instant as it is, a day YYYY-MM-DD as its start (from) or the next
 * day's start (to) in `tz`. The day arithmetic runs in PostgreSQL (AT TIME ZONE), so a day
 * across a DST change is 23 or 25 hours long, as it is on the wall clock.
 */
export function boundSql(value: string, side: 'from' | 'to', tz: string): SQL {
  if (!isReportDay(value)) return sql`${value}::timestamptz`;
  const day = side === 'from' ? sql`${value}::date` : sql`(${value}::date + 1)`;
  return sql`(${day}::timestamp AT TIME ZONE ${tz})`;
}
