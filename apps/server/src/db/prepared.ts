import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';

/** Leads the text of a statement to prepare: a comment, so any database reads it as before. */
const MARK = '/* prepared */ ';
/**
 * Prepared statements per connection at most. Each holds its parse tree and plan in the
 * server for the connection's life; a marked statement whose text varied without end (a
 * value written into it) would grow that without end. Past the bound it goes unprepared.
 */
export const MAX_PREPARED_PER_CONNECTION = 100;

/**
 * A hot statement that PostgreSQL parses and plans once per pooled connection rather than on
 * every execution (docs/operations.md "Prepared statements"): the raise of a new SOS spent
 * ~1 ms parsing and ~1.2 ms planning its text before ~1 ms of work. Its text must be the same
 * on every call (values as parameters): the text names it. The embedded database runs it
 * as any statement.
 */
export function prepared(statement: SQL): SQL {
  return sql`${sql.raw(MARK)}${statement}`;
}

interface QueryConfig {
  text: string;
  name?: string;
}

const isMarked = (config: unknown): config is QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as QueryConfig).text === 'string' &&
  (config as QueryConfig).name === undefined &&
  (config as QueryConfig).text.startsWith(MARK);

/** A name no other text has (node-postgres refuses one name for two texts). */
const nameOf = (text: string) => `sos_${createHash('sha1').update(text).digest('hex')}`;

/**
 * Sends this connection's marked statements (prepared) as named ones: node-postgres parses
 * a name once per connection, and PostgreSQL reuses its plan when it judges that no worse than
 * planning for the values (plan_cache_mode left at auto). Called once per new pooled connection.
 */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Set<string>();
  const named = (config: unknown): unknown => {
    if (!isMarked(config)) return config;
    const name = nameOf(config.text);
    if (!names.has(name)) {
      if (names.size >= MAX_PREPARED_PER_CONNECTION) return config;
      names.add(name);
    }
    return { ...config, name };
  };
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(named(config), ...rest)) as typeof client.query;
}
