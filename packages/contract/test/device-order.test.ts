import { describe, expect, it } from 'vitest';
import {
  compareCodePoints,
  compareDashboardOrder,
  deviceNameSortKey,
  type Device,
} from '../src/index.js';

const device = (id: number, displayName: string, open?: { id: number; at: string }): Device =>
  ({
    id,
    displayName,
    lastSos: open ? { id: open.id, state: 'OPEN', dateCreated: open.at } : null,
  }) as Device;

describe('deviceNameSortKey (docs/console.md, dashboard order)', () => {
  it('drops case and accents, in every locale', () => {
    expect(deviceNameSortKey('Èco')).toBe('eco');
    expect(deviceNameSortKey('ñandú')).toBe('nandu');
    expect(deviceNameSortKey('ÄRGER')).toBe('arger');
    expect(deviceNameSortKey('İstanbul')).toBe('istanbul');
    expect(deviceNameSortKey('Ｆｕｌｌ')).toBe('full');
  });

  it('writes each number as its length and its digits, so numbers compare by value', () => {
    expect(deviceNameSortKey('Bravo 2')).toBe('bravo 0012');
    expect(deviceNameSortKey('Bravo 02')).toBe('bravo 0012');
    expect(deviceNameSortKey('Bravo 10')).toBe('bravo 00210');
    expect(deviceNameSortKey('0')).toBe('000');
    expect(deviceNameSortKey('Stanza ١٢')).toBe(deviceNameSortKey('Stanza 12'));
    expect(deviceNameSortKey('Stanza ۱۲')).toBe(deviceNameSortKey('Stanza 12'));
    const numbers = ['9999999999', '10000000000', '2', '10', '1', '100000000000000000000'];
    const byKey = [...numbers].sort((a, b) =>
      compareCodePoints(deviceNameSortKey(a), deviceNameSortKey(b)),
    );
    expect(byKey).toEqual([...numbers].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
  });
});

describe('compareCodePoints', () => {
  it('orders as code points (PostgreSQL COLLATE "C"), not as UTF-16 units', () => {
    expect(compareCodePoints('\uE000', '\u{1F600}')).toBeLessThan(0);
    expect(compareCodePoints('\u{1F600}', '\uFFFD')).toBeGreaterThan(0);
    expect(compareCodePoints('\u{1F600}', '\u{1F601}')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('abc', 'abc')).toBe(0);
  });
});

describe('compareDashboardOrder', () => {
  it('puts open SOS first, newest first, then the newer SOS; then names; then ids', () => {
    const devices = [
      device(1, 'Zulu'),
      device(2, 'Bravo 10'),
      device(3, 'Alfa', { id: 7, at: '2025-03-01T10:00:00.000Z' }),
      device(4, 'Bravo 2'),
      device(5, 'Zulu', { id: 9, at: '2025-03-01T10:00:00.000Z' }),
      device(6, 'Èco', { id: 8, at: '2025-03-01T11:00:00.000Z' }),
      device(7, 'bravo 02'),
    ];
    expect([...devices].sort((a, b) => compareDashboardOrder(a, b)).map((d) => d.id)).toEqual([
      6, 5, 3, 4, 7, 2, 1,
    ]);
  });
});
