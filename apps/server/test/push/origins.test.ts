import { describe, expect, it } from 'vitest';
import { OriginBackoff, originOf } from '../../src/push/origins.js';

describe('OriginBackoff: a push service that does not answer', () => {
  const A = 'https://fcm.googleapis.com';
  it('leaves it alone 1 s, then 2, 4… up to a minute, until it answers', () => {
    const backoff = new OriginBackoff();
    expect(backoff.unreachable(A, 0)).toBe(1000);
    expect(backoff.blocked(999)).toEqual([A]);
    expect(backoff.blocked(1000)).toEqual([]);
    expect(backoff.unreachable(A, 1000)).toBe(2000);
    expect(backoff.unreachable(A, 3000)).toBe(4000);
    let now = 7000;
    for (let i = 0; i < 10; i++) now += backoff.unreachable(A, now);
    expect(backoff.unreachable(A, now)).toBe(60_000);
    backoff.answered(A);
    expect(backoff.blocked(now)).toEqual([]);
    expect(backoff.unreachable(A, now)).toBe(1000);
  });

  it('sends that fail while it is already left alone do not lengthen the wait', () => {
    const backoff = new OriginBackoff();
    expect(backoff.unreachable(A, 0)).toBe(1000);
    expect(backoff.unreachable(A, 10)).toBe(990);
    expect(backoff.unreachable(A, 500)).toBe(500);
    expect(backoff.unreachable(A, 1000)).toBe(2000);
  });

  it('keeps origins apart', () => {
    const backoff = new OriginBackoff();
    backoff.unreachable(A, 0);
    expect(backoff.blocked(10)).toEqual([A]);
    expect(originOf('https://fcm.googleapis.com/fcm/send/abc')).toBe(A);
    expect(originOf('https://updates.push.services.mozilla.com/wpush/v2/x')).not.toBe(A);
  });
});
