import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loggerOptions, redactUrl } from '../src/logger.js';
import { writeApiKey } from '../src/conf/repository.js';
import { CLI_BY } from '../src/audit/by.js';
import { openTestDatabase, TEST_ENV } from './helpers/app.js';
import type { FastifyInstance } from 'fastify';
import { API_KEY_HEADER } from '@sos/contract';

describe('logs never hold a secret', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    const { database } = await openTestDatabase('embedded');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const options = loggerOptions({ LOG_LEVEL: 'info', LOG_PRETTY: false }, false);
    app = await buildApp({
      env: TEST_ENV,
      database,
      logger: { ...(options as object), stream },
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it('redacts the refresh token of the query, the bearer header and the API key', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/refreshAuth?refresh_token=SECRET-REFRESH-123',
      headers: { authorization: 'Bearer SECRET-ACCESS-456', [API_KEY_HEADER]: 'SECRET-KEY-789' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody', password: 'SECRET-PASSWORD-000' },
    });
    const log = lines.join('');
    expect(log).toContain('refreshAuth?refresh_token=[REDACTED]');
    for (const secret of [
      'SECRET-REFRESH-123',
      'SECRET-ACCESS-456',
      'SECRET-KEY-789',
      'SECRET-PASSWORD-000',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('keeps harmless query parameters', () => {
    expect(redactUrl('/api/sos/close?sosId=5&token=x')).toBe(
      '/api/sos/close?sosId=5&token=[REDACTED]',
    );
  });
});

describe('request logs: routine at debug, errors and security events always', () => {
  const lines: {
    level: number;
    msg: string;
    req?: { url: string };
    res?: { statusCode: number };
  }[] = [];
  let app: FastifyInstance;
  const apiKey = 'log-test-device-key';
  beforeAll(async () => {
    const { database } = await openTestDatabase('embedded');
    await writeApiKey(database.db, apiKey, CLI_BY);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as (typeof lines)[number]);
        done();
      },
    });
    // LOG_LEVEL=info, as a production server runs; two failed sign-ins a pair, for the 429.
    const options = loggerOptions({ LOG_LEVEL: 'info', LOG_PRETTY: false }, false);
    app = await buildApp({
      env: { ...TEST_ENV, SOS_LOGIN_FAILURES_PER_PAIR: 2 },
      database,
      logger: { ...(options as object), stream },
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  const linesOf = (url: string) => lines.filter((line) => line.req?.url === url);
  const device = (url: string, key: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { [API_KEY_HEADER]: key },
      payload: { serial: 'LOG-1', displayName: 'Log' },
    });

  it('logs no line for the device API’s successes at info', async () => {
    expect((await device('/api/device/register', apiKey)).statusCode).toBe(201);
    expect((await device('/api/device/heartbeat', apiKey)).statusCode).toBe(204);
    expect((await device('/api/device/sos', apiKey)).statusCode).toBe(201);
    for (const url of ['/api/device/register', '/api/device/heartbeat', '/api/device/sos']) {
      expect(linesOf(url)).toEqual([]);
    }
  });

  it('logs a refused device key as a warning, with the request', async () => {
    expect((await device('/api/device/heartbeat', 'wrong-key')).statusCode).toBe(401);
    const [line] = linesOf('/api/device/heartbeat');
    expect(line).toMatchObject({ level: 40, msg: 'request refused', res: { statusCode: 401 } });
  });

  it('logs console calls at info, failed sign-ins and 429s as warnings', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    expect(linesOf('/healthz')).toMatchObject([{ level: 30, msg: 'request completed' }]);
    // Past the failed sign-ins allowed a username and address (2 here): 401s, then 429s.
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody', password: 'wrong-password' },
      });
      answers.push(login.statusCode);
    }
    expect(answers).toContain(401);
    expect(answers).toContain(429);
    const refused = linesOf('/api/auth/login');
    expect(refused.map((line) => line.res?.statusCode)).toEqual(answers);
    expect(refused.every((line) => line.level === 40)).toBe(true);
  });
});
