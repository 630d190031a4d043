import type { VapidKeys } from './keys.js';
import type { ClaimedDelivery } from './deliveries.js';

export type SendOutcome =
  | { kind: 'sent' }
  /** 404/410: the subscription is gone for good. */
  | { kind: 'gone' }
  /** 429, 5xx, a timeout or a network error: worth another try; retryAfterMs if the service said. */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null }
  /** Any other answer (a 400, 401, 413…): another try would get the same. */
  | { kind: 'failed'; status: number };

export interface SendOptions {
  vapid: VapidKeys;
  subject: string;
  timeoutMs: number;
  /** Aborts the send when the process stops. */
  signal?: AbortSignal;
}

/** Seconds the push service may still hold the message: what is left of the TTL. */
export function ttlLeft(expiresAt: Date, now = Date.now()): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000));
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * One push: RFC 8291 aes128gcm encryption and the VAPID header from the web-push library's
 * request builder, sent with our own client. The library's own sender speaks only https (a
 * test's local push service is http) and has no overall deadline; fetch with an abort signal
 * bounds the whole exchange, so a push service that hangs costs one timeout, not a stuck slot.
 */
export async function sendPush(
  delivery: ClaimedDelivery,
  options: SendOptions,
): Promise<SendOutcome> {
  // Loaded on the first push, not at every start (cached by the module loader after it).
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(
    { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
    delivery.payload,
    {
      vapidDetails: { subject: options.subject, ...options.vapid },
      TTL: ttlLeft(delivery.expiresAt),
      urgency: 'high',
      topic: delivery.topic,
      contentEncoding: 'aes128gcm',
    },
  );
  // fetch sets Content-Length itself from the body.
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: options.signal
        ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
        : AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
    // Drain: the connection goes back to the pool.
    await response.arrayBuffer();
  } catch {
    return { kind: 'retry', status: null, retryAfterMs: null };
  }
  if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
  if (response.status === 404 || response.status === 410) return { kind: 'gone' };
  if (response.status === 429 || response.status >= 500) {
    return {
      kind: 'retry',
      status: response.status,
      retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
    };
  }
  return { kind: 'failed', status: response.status };
}
