import type { AlarmKind, DeviceTechnicalType } from '@sos/contract';
import type { DeviceSignal } from '../signal.js';

type Meaning =
  | { is: 'alarm'; kind: AlarmKind }
  | { is: 'technical'; alarm: DeviceTechnicalType }
  | { is: 'technical-clear'; alarm: DeviceTechnicalType }
  | { is: 'restore' }
  | { is: 'test' }
  | { is: 'contact' };

const TABLE: Record<string, Meaning> = {
  MA: { is: 'alarm', kind: 'MEDICAL' },
  QA: { is: 'alarm', kind: 'PANIC' },
  PA: { is: 'alarm', kind: 'PANIC' },
  HA: { is: 'alarm', kind: 'PANIC' },
  FA: { is: 'alarm', kind: 'FIRE' },
  GA: { is: 'alarm', kind: 'GAS' },
  WA: { is: 'alarm', kind: 'FLOOD' },
  BA: { is: 'alarm', kind: 'INTRUSION' },
  TA: { is: 'technical', alarm: 'TAMPER' },
  YT: { is: 'technical', alarm: 'LOW_BATTERY' },
  AT: { is: 'technical', alarm: 'POWER_FAILURE' },
  TR: { is: 'technical-clear', alarm: 'TAMPER' },
  YR: { is: 'technical-clear', alarm: 'LOW_BATTERY' },
  AR: { is: 'technical-clear', alarm: 'POWER_FAILURE' },
  RP: { is: 'test' },
  OP: { is: 'contact' },
  CL: { is: 'contact' },
};
for (const code of ['MH', 'QH', 'PH', 'HH', 'FH', 'GH', 'WH', 'BH', 'FR', 'BR']) {
  TABLE[code] = { is: 'restore' };
}

export function siaMeaning(code: string): Meaning {
  return TABLE[code] ?? { is: 'alarm', kind: 'OTHER' };
}

/** An event block: two capital letters, then the zone (or user) if any. */
const EVENT = /^([A-Z]{2})([0-9A-Za-z]{0,8})$/;
/** A modifier block: two small letters (ri area, ti time, id user, …) and its value. */
const MODIFIER = /^([a-z]{2})([\x20-\x7e]*)$/;

function signalOf(code: string, zone: string, area: string | null): DeviceSignal {
  const parts = [zone && `zona ${zone}`, area && `area ${area}`].filter(Boolean);
  const detail = parts.length > 0 ? parts.join(', ') : null;
  const meaning = siaMeaning(code);
  switch (meaning.is) {
    case 'alarm':
      return { type: 'ALARM', kind: meaning.kind, code, detail };
    case 'technical':
      return { type: 'TECHNICAL', alarm: meaning.alarm, code, detail };
    case 'technical-clear':
      return { type: 'TECHNICAL_CLEAR', alarm: meaning.alarm, code, detail };
    case 'restore':
      return { type: 'RESTORE', code, detail };
    case 'contact':
      return { type: 'CONTACT', code };
    case 'test':
      return { type: 'TEST', code };
  }
}

/**
 * SIA DCS data `N…` (e.g. `Nri1/FA001`, `NFA001/BA002`): blocks separated by `/`, an
 * optional `ri` area applying to the events after it. One signal per event block; null when
 * a block is neither an event nor a modifier, or there is no event at all.
 */
export function parseSiaDcs(content: string): DeviceSignal[] | null {
  if (!content.startsWith('N')) return null;
  const signals: DeviceSignal[] = [];
  let area: string | null = null;
  for (const block of content.slice(1).split('/')) {
    const event = EVENT.exec(block);
    if (event) {
      signals.push(signalOf(event[1]!, event[2]!, area));
      continue;
    }
    const modifier = MODIFIER.exec(block);
    if (!modifier) return null;
    if (modifier[1] === 'ri') area = modifier[2] || null;
  }
  return signals.length > 0 ? signals : null;
}
