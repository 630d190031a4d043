import { sql } from 'drizzle-orm';

/**
 * One field of every item of a batch as ONE array parameter, for the `unnest(…)` of a batch
 * statement (cast it there: `::int[]`). Interpolated as is, drizzle would expand a JS array
 * into one parameter per element.
 */
export const columnOf = <I, T>(items: readonly I[], pick: (item: I) => T) => sql.param(items.map(pick));
