import { describe, expect, it } from 'vitest';
import { changeOf } from './deviceChanges.js';
import { device, sos } from '../../test/testKit.js';

describe('sos-updated', () => {
  const open = sos(1, 'Cucina', '2025-03-01T10:00:00.000Z', 10);
  const shown = device(1, 'Cucina', open);
  const current = (id: number) => (id === 1 ? shown : undefined);

  it('gives the card the SOS as it now stands (a graver kind)', () => {
    const upgraded = { ...open, kind: 'FIRE' as const, lastUpdated: '2025-03-01T10:00:20.000Z' };
    expect(changeOf({ name: 'sos-updated', data: upgraded }, current)).toEqual({
      id: 1,
      next: { ...shown, lastSos: upgraded },
    });
  });

  it('ignores an SOS the card no longer shows, and one that did not change', () => {
    expect(
      changeOf({ name: 'sos-updated', data: { ...open, id: 9, kind: 'FIRE' } }, current),
    ).toBeNull();
    expect(changeOf({ name: 'sos-updated', data: open }, current)).toBeNull();
  });
});

describe('sos-realerted', () => {
  const taken = {
    ...sos(2, 'Casa Rossi', '2025-03-01T10:00:00.000Z', 20),
    kind: 'MEDICAL' as const,
    acknowledgedBy: { id: 1, username: 'anna' },
  };
  const shown = device(2, 'Casa Rossi', taken);
  const current = (id: number) => (id === 2 ? shown : undefined);

  it('gives the card the SOS unacknowledged again, with its graver kind', () => {
    const realerted = {
      ...taken,
      kind: 'FIRE' as const,
      kinds: ['MEDICAL' as const, 'FIRE' as const],
      acknowledgedAt: null,
      acknowledgedBy: null,
      realertedAt: '2025-03-01T10:05:00.000Z',
      lastUpdated: '2025-03-01T10:05:00.000Z',
    };
    expect(changeOf({ name: 'sos-realerted', data: realerted }, current)).toEqual({
      id: 2,
      next: { ...shown, lastSos: realerted },
    });
    expect(changeOf({ name: 'sos-realerted', data: { ...realerted, id: 99 } }, current)).toBeNull();
  });
});
