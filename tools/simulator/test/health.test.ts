import { describe, expect, it } from 'vitest';
import { isSilent, newHealth, nextBattery, silenceOne } from '../src/health.js';

describe('simulated device health', () => {
  it('reports a battery 0–100 that drains and goes back to 100 on the charger', () => {
    const health = { battery: 5, silentUntil: 0 };
    const seen = Array.from({ length: 200 }, () => nextBattery(health));
    expect(seen.every((b) => Number.isInteger(b) && b >= 5 && b <= 100)).toBe(true);
    expect(seen).toContain(100);
    expect(newHealth().battery).toBeGreaterThanOrEqual(8);
  });

  it('silences one device at a time, for the given seconds', () => {
    const healths = [newHealth(), newHealth(), newHealth()];
    const now = 1_000_000;
    const index = silenceOne(healths, 30, now)!;
    expect(isSilent(healths[index]!, now + 29_999)).toBe(true);
    expect(isSilent(healths[index]!, now + 30_000)).toBe(false);
    expect(silenceOne(healths, 30, now + 1000)).toBeUndefined();
    expect(healths.filter((h) => isSilent(h, now))).toHaveLength(1);
  });
});
