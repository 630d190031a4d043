import { createPublicKey, verify } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { ensureVapidKeys } from '../../src/push/keys.js';
import { openTestDatabase } from '../helpers/app.js';

// push/keys.ts makes the pair itself (web-push loads on the first push): browsers must get a
// 65-byte point, and web-push must sign with the private half a JWT the public half verifies.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase('embedded')));
afterAll(async () => {
  await database.close();
  await drop();
});

it('makes a VAPID pair that web-push signs with and its public key verifies, and keeps it', async () => {
  const keys = await ensureVapidKeys(database.db);
  const point = Buffer.from(keys.publicKey, 'base64url');
  expect(point).toHaveLength(65);
  expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);

  const { Authorization } = webpush.getVapidHeaders(
    'https://push.example',
    'mailto:admin@example.com',
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
  );
  const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(Authorization)!;
  expect(k).toBe(keys.publicKey);
  const [header, claims, signature] = jwt!.split('.');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${claims}`);
  const sig = Buffer.from(signature!, 'base64url');
  expect(verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, sig)).toBe(true);

  expect(await ensureVapidKeys(database.db)).toEqual(keys);
});
