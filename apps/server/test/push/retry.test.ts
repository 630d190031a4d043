import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelay } from '../../src/push/dispatcher.js';
import type { ClaimedDelivery } from '../../src/push/deliveries.js';
import { ttlLeft } from '../../src/push/send.js';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const delivery = (attempts: number, secondsLeft: number): ClaimedDelivery => ({
  id: 1,
  attempts,
  subscriptionId: 1,
  endpoint: 'https://push.example/x',
  p256dh: '',
  auth: '',
  topic: 'sos-1',
  payload: '{}',
  expiresAt: new Date(NOW + secondsLeft * 1000),
});

describe('push retries', () => {
  it('retries up to 3 times, backing off, and then gives up', () => {
    expect(MAX_ATTEMPTS).toBe(4);
    const delays = [1, 2, 3].map((attempt) =>
      retryDelay(delivery(attempt, 300), { retryAfterMs: null }, NOW),
    );
    expect(delays).toEqual([1000, 2000, 4000]);
    expect(retryDelay(delivery(4, 300), { retryAfterMs: null }, NOW)).toBeNull();
  });

  it('follows Retry-After, but never past the TTL', () => {
    expect(retryDelay(delivery(1, 300), { retryAfterMs: 30_000 }, NOW)).toBe(30_000);
    expect(retryDelay(delivery(1, 20), { retryAfterMs: 30_000 }, NOW)).toBeNull();
    expect(retryDelay(delivery(1, 1.5), { retryAfterMs: null }, NOW)).toBeNull();
  });

  it('sends each retry with the TTL that is left', () => {
    expect(ttlLeft(new Date(NOW + 300_000), NOW)).toBe(300);
    expect(ttlLeft(new Date(NOW + 123_900), NOW)).toBe(123);
    expect(ttlLeft(new Date(NOW - 1000), NOW)).toBe(0);
  });
});
