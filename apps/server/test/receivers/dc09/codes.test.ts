import { describe, expect, it } from 'vitest';
import { parseContactId } from '../../../src/receivers/dc09/contact-id.js';
import { parseSiaDcs } from '../../../src/receivers/dc09/sia-dcs.js';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** What one Contact ID code (qualifier 1, group 01, zone 001) becomes, in short. */
function cid(code: number, qualifier = '1'): string {
  const [signal] = parseContactId(`${qualifier}${code} 01 001`)!;
  if (!signal) return 'none';
  switch (signal.type) {
    case 'ALARM':
      return signal.kind;
    case 'TECHNICAL':
    case 'TECHNICAL_CLEAR':
      return `${signal.type}:${signal.alarm}`;
    default:
      return signal.type;
  }
}

describe('Contact ID codes', () => {
  const table: [number[], string][] = [
    [[100], 'MEDICAL'],
    [[101, ...range(120, 123)], 'PANIC'],
    [range(110, 118), 'FIRE'],
    [[151, 162], 'GAS'],
    [[154], 'FLOOD'],
    [range(130, 136), 'INTRUSION'],
    [[137, 383], 'TECHNICAL:TAMPER'],
    [[301], 'TECHNICAL:POWER_FAILURE'],
    [[302, 309, 384], 'TECHNICAL:LOW_BATTERY'],
    [[406], 'CANCEL'],
    [[602, 603], 'TEST'],
    [[...range(400, 405), ...range(407, 409), 441], 'CONTACT'],
    [[102, 119, 124, 129, 138, 150, 152, 155, 300, 410, 570, 601], 'OTHER'],
  ];
  it.each(table)('%j → %s', (codes, meaning) => {
    for (const code of codes) expect(cid(code)).toBe(meaning);
  });

  it('a restore (qualifier 3) restores an alarm and clears a technical alarm', () => {
    expect(cid(110, '3')).toBe('RESTORE');
    expect(cid(302, '3')).toBe('TECHNICAL_CLEAR:LOW_BATTERY');
    expect(cid(401, '3')).toBe('CONTACT');
  });

  it('a "still present" (qualifier 6) is an alarm that never raises a new SOS', () => {
    expect(parseContactId('6110 01 004')).toEqual([
      {
        type: 'ALARM',
        kind: 'FIRE',
        code: '6110',
        detail: 'zona 004, gruppo 01',
        parts: { zone: '004', group: '01' },
        stillPresent: true,
      },
    ]);
  });

  it('keeps the code as sent and the zone or the user in words', () => {
    expect(parseContactId('1101 00 001')).toEqual([
      { type: 'ALARM', kind: 'PANIC', code: '1101', detail: 'zona 001', parts: { zone: '001' } },
    ]);
    expect(parseContactId('1401 02 007')).toEqual([{ type: 'CONTACT', code: '1401' }]);
    expect(parseContactId('1999 01 001')).toEqual([
      {
        type: 'ALARM',
        kind: 'OTHER',
        code: '1999',
        detail: 'zona 001, gruppo 01',
        parts: { zone: '001', group: '01' },
      },
    ]);
  });

  it('refuses what is not QEEE GG CCC', () => {
    for (const bad of ['', '1101', '2101 01 001', '1101 01 0011', '1101-01-001', '1101 01 001 ']) {
      expect(parseContactId(bad)).toBeNull();
    }
  });
});

/** What one SIA DCS code (zone 001) becomes. */
function sia(code: string): string {
  const [signal] = parseSiaDcs(`N${code}001`)!;
  if (!signal) return 'none';
  if (signal.type === 'ALARM') return signal.kind;
  if (signal.type === 'TECHNICAL' || signal.type === 'TECHNICAL_CLEAR')
    return `${signal.type}:${signal.alarm}`;
  return signal.type;
}

describe('SIA DCS codes', () => {
  const table: [string[], string][] = [
    [['MA'], 'MEDICAL'],
    [['QA', 'PA', 'HA'], 'PANIC'],
    [['FA'], 'FIRE'],
    [['GA'], 'GAS'],
    [['WA'], 'FLOOD'],
    [['BA'], 'INTRUSION'],
    [['TA'], 'TECHNICAL:TAMPER'],
    [['YT'], 'TECHNICAL:LOW_BATTERY'],
    [['AT'], 'TECHNICAL:POWER_FAILURE'],
    [['RP'], 'TEST'],
    [['OP', 'CL'], 'CONTACT'],
    [['MH', 'QH', 'PH', 'HH', 'FH', 'GH', 'WH', 'BH', 'FR', 'BR'], 'RESTORE'],
    [['TR'], 'TECHNICAL_CLEAR:TAMPER'],
    [['YR'], 'TECHNICAL_CLEAR:LOW_BATTERY'],
    [['AR'], 'TECHNICAL_CLEAR:POWER_FAILURE'],
    [['XX', 'JA', 'UA'], 'OTHER'],
  ];
  it.each(table)('%j → %s', (codes, meaning) => {
    for (const code of codes) expect(sia(code)).toBe(meaning);
  });

  it('reads the area and several events of one message', () => {
    expect(parseSiaDcs('Nri1/FA001/YT')).toEqual([
      {
        type: 'ALARM',
        kind: 'FIRE',
        code: 'FA',
        detail: 'zona 001, area 1',
        parts: { zone: '001', area: '1' },
      },
      { type: 'TECHNICAL', alarm: 'LOW_BATTERY', code: 'YT', detail: 'area 1' },
    ]);
  });

  it('reads blocks written without "/" as a third-party dialler does, alike with them', () => {
    expect(parseSiaDcs('Nri1FA3')).toEqual(parseSiaDcs('Nri1/FA3'));
    expect(parseSiaDcs('Nti12:30id1ri2FA3BA4')).toEqual([
      {
        type: 'ALARM',
        kind: 'FIRE',
        code: 'FA',
        detail: 'zona 3, area 2',
        parts: { zone: '3', area: '2' },
      },
      {
        type: 'ALARM',
        kind: 'INTRUSION',
        code: 'BA',
        detail: 'zona 4, area 2',
        parts: { zone: '4', area: '2' },
      },
    ]);
    expect(parseSiaDcs('Nri1FA3/idAB/BA2')).toEqual(parseSiaDcs('Nri1/FA3/idAB/BA2'));
  });

  it('refuses what is not N followed by blocks', () => {
    for (const bad of ['', 'N', 'FA001', 'Nri1', 'NFA001/??', 'N/FA001//'])
      expect(parseSiaDcs(bad)).toBeNull();
  });
});
