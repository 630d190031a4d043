import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

/** The one classification of connection failures (docs/hardening.md), shared by the error handler and the receivers. */
describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    [
      'a terminated backend (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a crash shutdown (57P02)', withCode('57P02')],
    [
      'a server that cannot connect now (57P03)',
      withCode('57P03', 'the database system is starting up'),
    ],
    ['a connection exception (08006)', withCode('08006')],
    ['a connection failure (08001)', withCode('08001')],
    ['too many connections (53300)', withCode('53300')],
    [
      'a database closed to connections',
      withCode('55000', 'database "x" is not currently accepting connections'),
    ],
    ['a lost socket', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a pool wait timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a broken client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['an ended pool', new Error('Cannot use a pool after calling end on the pool')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['a closing PGlite', new Error('PGlite is closing')],
    [
      'a wrapped driver error (Drizzle)',
      Object.assign(new Error('Failed query: select 1'), { cause: withCode('ECONNREFUSED') }),
    ],
    [
      'a dual-stack connect',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
    ],
  ])('%s is an outage', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['an out-of-range date', withCode('22008', 'date/time field value out of range')],
    ['another 55000', withCode('55000', 'cannot refresh materialized view concurrently')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'a wrapped bug',
      Object.assign(new Error('Failed query'), {
        cause: withCode('42703', 'column does not exist'),
      }),
    ],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('follows a cause chain that loops without hanging', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
