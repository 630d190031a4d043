import { describe, expect, it } from 'vitest';
import { parseMrq } from '../../../src/receivers/scaip/mrq.js';
import { toReceivedMessage } from '../../../src/receivers/scaip/message.js';
import { mrq } from './messages.js';

function signalOf(fields: Record<string, string>, extra = '') {
  const parsed = parseMrq(Buffer.from(mrq({ ref: 'r1', cid: 'unit1', ...fields }, extra)));
  if (!parsed.ok) throw new Error(`snu ${parsed.snu}`);
  const message = toReceivedMessage(parsed.mrq);
  expect(message.signals).toHaveLength(1);
  return message.signals[0];
}

const KINDS: [string, string][] = [
  ['0005', 'FALL'],
  ['0030', 'FALL'],
  ['0023', 'FIRE'],
  ['0025', 'FIRE'],
  ['0047', 'FIRE'],
  ['0021', 'GAS'],
  ['0026', 'GAS'],
  ['0033', 'FLOOD'],
  ['0028', 'INTRUSION'],
  ['0029', 'INTRUSION'],
  ['0036', 'INTRUSION'],
  ['0010', 'INACTIVITY'],
  ['0012', 'INACTIVITY'],
  ['0013', 'INACTIVITY'],
  ['0044', 'INACTIVITY'],
  ['0014', 'WANDERING'],
  ['0015', 'WANDERING'],
  ['0017', 'MEDICAL'],
  ['0019', 'MEDICAL'],
  ['0002', 'PANIC'],
  ['0003', 'PANIC'],
  ['0004', 'PANIC'],
  ['0006', 'PANIC'],
  ['0007', 'PANIC'],
  ['0048', 'PANIC'],
  ['0001', 'OTHER'],
  ['0099', 'OTHER'],
];

describe('SCAIP <mrq> → signal', () => {
  it('identifies the unit as SCAIP-<cid>, named "SCAIP <cid>", repeats by ref', () => {
    const parsed = parseMrq(Buffer.from(mrq({ ref: 'abc-1', cid: '4670123', dty: '0005' })));
    if (!parsed.ok) throw new Error('refused');
    expect(toReceivedMessage(parsed.mrq)).toMatchObject({
      protocol: 'SCAIP',
      serial: 'SCAIP-4670123',
      displayName: 'SCAIP 4670123',
      repeatKey: 'abc-1',
    });
  });

  it.each(KINDS)('an alarm from dty %s is %s', (dty, kind) => {
    expect(signalOf({ dty, stc: '0010' })).toMatchObject({
      type: 'ALARM',
      kind,
      code: `${dty}/0010`,
    });
  });

  it.each(['0009', '0010', '0011'])('stc %s with mty ME is an alarm', (stc) => {
    expect(signalOf({ mty: 'ME', dty: '0023', stc })).toMatchObject({
      type: 'ALARM',
      kind: 'FIRE',
      code: `0023/${stc}`,
    });
  });

  it('no mty and no stc is an alarm, its code "<dty>/"', () => {
    expect(signalOf({ dty: '0005' })).toMatchObject({ type: 'ALARM', kind: 'FALL', code: '0005/' });
  });

  it('names the peripheral in Italian words in the detail', () => {
    expect(signalOf({ dty: '0005', did: '2', dco: '1', dte: 'Camera da letto' })).toMatchObject({
      detail: 'Rilevatore di caduta, n. 2, componente 1, Camera da letto',
    });
    expect(signalOf({ dty: '0023' })).toMatchObject({ detail: 'Rilevatore di fumo' });
    expect(signalOf({ dty: '0099' })).toMatchObject({ detail: 'Dispositivo 0099' });
    expect(signalOf({ dty: '0005', dte: 'Bagno &amp; doccia' })).toMatchObject({
      detail: 'Rilevatore di caduta, Bagno & doccia',
    });
  });

  it('takes the location from lge/geo', () => {
    expect(signalOf({ dty: '0005' }, '<lge><geo>45.4642,9.19</geo></lge>')).toMatchObject({
      type: 'ALARM',
      location: { lat: 45.4642, lon: 9.19, accuracyM: null },
    });
  });

  it.each([
    ['0016', { type: 'TECHNICAL', alarm: 'LOW_BATTERY' }],
    ['0015', { type: 'TECHNICAL_CLEAR', alarm: 'LOW_BATTERY' }],
    ['0085', { type: 'TECHNICAL', alarm: 'POWER_FAILURE' }],
    ['0086', { type: 'TECHNICAL_CLEAR', alarm: 'POWER_FAILURE' }],
    ['0125', { type: 'TECHNICAL', alarm: 'TAMPER' }],
    ['0019', { type: 'CANCEL' }],
    ['0102', { type: 'TEST' }],
    ['0103', { type: 'TEST' }],
    ['0119', { type: 'CONTACT' }],
    ['0042', { type: 'CONTACT' }],
  ])('stc %s → %o', (stc, expected) => {
    expect(signalOf({ mty: 'ME', dty: '0001', stc })).toMatchObject({
      ...expected,
      code: `0001/${stc}`,
    });
  });

  it('an activity detector (dty 0010) reporting stc 0119 or 0121 is a check-in (docs/expected-events.md)', () => {
    for (const stc of ['0119', '0121'])
      expect(signalOf({ mty: 'ME', dty: '0010', stc })).toEqual({
        type: 'CHECK_IN',
        code: `0010/${stc}`,
      });
    // Its alarm is still an alarm.
    expect(signalOf({ mty: 'ME', dty: '0010', stc: '0010' })).toMatchObject({
      type: 'ALARM',
      kind: 'INACTIVITY',
    });
  });

  it('mty RE is a restore; the reset of a technical status clears it', () => {
    expect(signalOf({ mty: 'RE', dty: '0005', stc: '0010' })).toMatchObject({
      type: 'RESTORE',
      code: '0005/0010',
      detail: 'Rilevatore di caduta',
    });
    expect(signalOf({ mty: 'RE', dty: '0001', stc: '0125' })).toMatchObject({
      type: 'TECHNICAL_CLEAR',
      alarm: 'TAMPER',
    });
  });

  it('mty IN is contact, mty PI a heartbeat, whatever the stc', () => {
    expect(signalOf({ mty: 'IN', dty: '0005', stc: '0010' })).toEqual({
      type: 'CONTACT',
      code: '0005/0010',
    });
    expect(signalOf({ mty: 'PI', dty: '0001', stc: '0010' })).toEqual({ type: 'HEARTBEAT' });
  });
});

describe('SCAIP <mrq> errors', () => {
  const snu = (body: string) => {
    const parsed = parseMrq(Buffer.from(body));
    return parsed.ok ? 0 : parsed.snu;
  };

  it('unparsable XML is snu 2', () => {
    expect(snu('<mrq><ref>1</ref>')).toBe(2);
    expect(snu('not xml')).toBe(2);
    expect(snu('')).toBe(2);
    expect(snu('<mrs><ref>1</ref></mrs>')).toBe(2);
  });

  it.each(['ref', 'cid', 'dty'])('a missing <%s> is snu 7', (tag) => {
    const fields: Record<string, string> = { ref: '1', cid: 'c', dty: '0005' };
    delete fields[tag];
    expect(snu(mrq(fields))).toBe(7);
  });

  it.each([
    ['dty', '5'],
    ['dty', '00A5'],
    ['stc', '12345'],
    ['mty', 'XX'],
    ['ref', 'x'.repeat(33)],
    ['ref', ''],
    ['cid', 'has space'],
    ['cid', 'c'.repeat(60)],
  ])('<%s>%s</…> is snu 3', (tag, value) => {
    expect(snu(mrq({ ref: '1', cid: 'c', dty: '0005', [tag]: value }))).toBe(3);
  });

  it('a repeated tag or a location out of range is snu 3', () => {
    expect(snu(mrq({ ref: '1', cid: 'c', dty: '0005' }, '<dty>0023</dty>'))).toBe(3);
    expect(snu(mrq({ ref: '1', cid: 'c', dty: '0005' }, '<lge><geo>95,10</geo></lge>'))).toBe(3);
    expect(snu(mrq({ ref: '1', cid: 'c', dty: '0005' }, '<lge><geo>north</geo></lge>'))).toBe(3);
  });

  it('reads a document after a byte order mark, and refuses bytes that are not UTF-8 with snu 2', () => {
    const doc = Buffer.from(mrq({ ref: '1', cid: 'c', dty: '0005' }), 'utf8');
    expect(parseMrq(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), doc])).ok).toBe(true);
    expect(
      parseMrq(Buffer.concat([doc.subarray(0, 20), Buffer.from([0xff]), doc.subarray(20)])),
    ).toMatchObject({ ok: false, snu: 2 });
  });

  it('gives back the ref when it could be read', () => {
    expect(parseMrq(Buffer.from(mrq({ ref: 'keep', cid: 'c', dty: '5' })))).toEqual({
      ok: false,
      snu: 3,
      ref: 'keep',
    });
  });
});
