import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loggerOptions, redactUrl } from '../src/logger.js';
import { openTestDatabase, TEST_ENV } from './helpers/app.js';
import type { FastifyInstance } from 'fastify';

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
      headers: { authorization: 'Bearer SECRET-ACCESS-456', 'x-api-key': 'SECRET-KEY-789' },
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
