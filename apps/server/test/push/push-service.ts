import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

/**
 * A local push service, as a browser vendor runs one: each subscriber has its own endpoint and
 * keys; every push received is checked the way a push service and a browser would: the VAPID
 * JWT (RFC 8292) against the key in its header, then the body decrypted (RFC 8291
 * aes128gcm) with the subscriber's private key and auth secret. A push that fails either
 * check is recorded with its error, never as a payload.
 */
export interface ReceivedPush {
  subscriber: number;
  headers: Record<string, string>;
  /** The decrypted JSON, or undefined with `error` set. */
  payload?: unknown;
  /** The VAPID public key (k=) the JWT verified with. */
  vapidKey?: string;
  error?: string;
}

/** What the service answers a subscriber: a status, or 'hang' (never answers). */
type Behaviour = number | 'hang';

export interface Subscriber {
  index: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushService {
  received: ReceivedPush[];
  /** Requests that arrived (answered or hanging). */
  arrivals: number;
  subscriber(): Subscriber;
  /** Answers of a subscriber, in turn; the last one repeats (default [201]). */
  answer(subscriber: Subscriber, behaviours: Behaviour[]): void;
  waitFor(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverKey = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const secret = ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([
    decipher.update(cipher.subarray(0, cipher.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

async function verifyVapid(header: string | undefined, origin: string): Promise<string> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const point = Buffer.from(match[2]!, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const { payload } = await jwtVerify(match[1]!, await importJWK(jwk, 'ES256'), {
    audience: origin,
  });
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
    throw new Error('bad sub');
  if (!payload.exp || payload.exp * 1000 < Date.now()) throw new Error('expired JWT');
  return match[2]!;
}

export async function startPushService(): Promise<PushService> {
  const subscribers: Array<{
    ecdh: ReturnType<typeof createECDH>;
    auth: Buffer;
    behaviours: Behaviour[];
  }> = [];
  const hanging = new Set<ServerResponse>();
  const waiters = new Set<() => void>();
  let origin = '';
  const service: PushService = {
    received: [],
    arrivals: 0,
    subscriber() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscribers.push({ ecdh, auth, behaviours: [201] });
      const index = subscribers.length - 1;
      return {
        index,
        endpoint: `${origin}/push/${index}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    answer(subscriber, behaviours) {
      subscribers[subscriber.index]!.behaviours = behaviours;
    },
    waitFor: (check, what, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const waiter = () => {
          if (!check()) return;
          waiters.delete(waiter);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `timed out waiting for ${what}; received ${JSON.stringify(service.received)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
        waiter();
      }),
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    service.arrivals++;
    const index = Number(/^\/push\/(\d+)$/.exec(req.url ?? '')?.[1]);
    const subscriber = subscribers[index];
    if (!subscriber) return void res.writeHead(404).end();
    const behaviour =
      subscriber.behaviours.length > 1 ? subscriber.behaviours.shift()! : subscriber.behaviours[0]!;
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const push: ReceivedPush = { subscriber: index, headers };
    try {
      push.vapidKey = await verifyVapid(req.headers.authorization, origin);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      push.payload = decrypt(Buffer.concat(chunks), subscriber.ecdh, subscriber.auth);
    } catch (err) {
      push.error = String(err);
    }
    service.received.push(push);
    waiters.forEach((w) => w());
    if (behaviour === 'hang') return void hanging.add(res);
    res.writeHead(behaviour).end();
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return service;
}
