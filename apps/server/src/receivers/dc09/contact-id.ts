import type { AlarmKind, DeviceTechnicalType } from '@sos/contract';
import type { DeviceSignal } from '../signal.js';

/** What a Contact ID event code means to us (docs/receivers.md has the table). */
type Meaning =
  | { is: 'alarm'; kind: AlarmKind }
  | { is: 'technical'; alarm: DeviceTechnicalType }
  | { is: 'cancel' }
  | { is: 'test' }
  | { is: 'contact'; user: boolean };

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const TABLE = new Map<number, Meaning>();
const set = (codes: number[], meaning: Meaning) => codes.forEach((c) => TABLE.set(c, meaning));
set([100], { is: 'alarm', kind: 'MEDICAL' });
set([101, ...range(120, 123)], { is: 'alarm', kind: 'PANIC' });
set(range(110, 118), { is: 'alarm', kind: 'FIRE' });
set([151, 162], { is: 'alarm', kind: 'GAS' });
set([154], { is: 'alarm', kind: 'FLOOD' });
set(range(130, 136), { is: 'alarm', kind: 'INTRUSION' });
set([137, 383], { is: 'technical', alarm: 'TAMPER' });
set([301], { is: 'technical', alarm: 'POWER_FAILURE' });
set([302, 309, 384], { is: 'technical', alarm: 'LOW_BATTERY' });
set([406], { is: 'cancel' });
set([602, 603], { is: 'test' });
// Open/close reports: their last field is the user who armed or disarmed.
set([...range(400, 405), ...range(407, 409), 441], { is: 'contact', user: true });

const EVENT = /^([136])([0-9A-F]{3}) ([0-9A-F]{2}) ([0-9A-F]{3})$/;

function contactIdMeaning(event: string): Meaning {
  const numeric = /^\d{3}$/.test(event) ? Number(event) : NaN;
  return TABLE.get(numeric) ?? { is: 'alarm', kind: 'OTHER' };
}

/**
 * ADM-CID data `QEEE GG CCC` → one signal, or null when it is not that shape. Qualifier 1 is
 * a new event, 3 its restore, 6 "still present": like 1 but never a new SOS (stillPresent).
 */
export function parseContactId(content: string): DeviceSignal[] | null {
  const match = EVENT.exec(content.toUpperCase());
  if (!match) return null;
  const [, qualifier, event, group, zone] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const meaning = contactIdMeaning(event);
  const code = `${qualifier}${event}`;
  const who = meaning.is === 'contact' && meaning.user ? 'utente' : 'zona';
  const detail = `${who} ${zone}` + (group === '00' ? '' : `, gruppo ${group}`);
  // The same, for every language (docs/alarm-kinds.md "Device words"): a user's number is
  // only in contact signals, which carry no detail.
  const parts = group === '00' ? { zone } : { zone, group };
  const restore = qualifier === '3';
  switch (meaning.is) {
    case 'contact':
      return [{ type: 'CONTACT', code }];
    case 'test':
      return [{ type: 'TEST', code }];
    case 'cancel':
      return [{ type: 'CANCEL', code, detail, parts }];
    case 'technical':
      return [
        { type: restore ? 'TECHNICAL_CLEAR' : 'TECHNICAL', alarm: meaning.alarm, code, detail },
      ];
    case 'alarm':
      if (restore) return [{ type: 'RESTORE', code, detail, parts }];
      return [
        qualifier === '6'
          ? { type: 'ALARM', kind: meaning.kind, code, detail, parts, stillPresent: true }
          : { type: 'ALARM', kind: meaning.kind, code, detail, parts },
      ];
  }
}
