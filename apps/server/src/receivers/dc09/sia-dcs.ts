import type { AlarmKind, DeviceTechnicalType } from '@sos/contract';
import { deviceWords } from '../device-text.js';
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

function siaMeaning(code: string): Meaning {
  return TABLE[code] ?? { is: 'alarm', kind: 'OTHER' };
}

/** An event block: two capital letters, then the zone (or user) if any. */
const EVENT = /^([A-Z]{2})([0-9A-Za-z]{0,8})$/;
/** A modifier block: two small letters (ri area, ti time, id user, …) and its value. */
const MODIFIER = /^([a-z]{2})([\x20-\x7e]*)$/;

function signalOf(code: string, zone: string, area: string | null): DeviceSignal {
  const parts = [zone && `zona ${zone}`, area && `area ${area}`].filter(Boolean);
  // Printable ASCII by the grammar; the operator-text rule still has the last word.
  const detail = parts.length > 0 ? deviceWords(parts.join(', '), code) : null;
  // The same, for every language (docs/alarm-kinds.md "Device words"); none when the words
  // broke the operator-text rule (the detail is then the code).
  const structured =
    detail === null || parts.length === 0 || detail === code
      ? undefined
      : { ...(zone ? { zone } : {}), ...(area ? { area } : {}) };
  const meaning = siaMeaning(code);
  switch (meaning.is) {
    case 'alarm':
      return structured
        ? { type: 'ALARM', kind: meaning.kind, code, detail, parts: structured }
        : { type: 'ALARM', kind: meaning.kind, code, detail };
    case 'technical':
      return { type: 'TECHNICAL', alarm: meaning.alarm, code, detail };
    case 'technical-clear':
      return { type: 'TECHNICAL_CLEAR', alarm: meaning.alarm, code, detail };
    case 'restore':
      return structured
        ? { type: 'RESTORE', code, detail, parts: structured }
        : { type: 'RESTORE', code, detail };
    case 'contact':
      return { type: 'CONTACT', code };
    case 'test':
      return { type: 'TEST', code };
  }
}

/** Slash-less blocks (`ri1FA3`): a modifier has a value and runs to the next letter, a zone is digits. */
const TOKEN = /([a-z]{2})([^A-Za-z]+)|([A-Z]{2})(\d{0,8})/y;

type Block = { event: string; zone: string } | { modifier: string; value: string };

/** One `/`-separated block: a whole event or modifier, else blocks written without `/`. */
function blocksOf(text: string): Block[] | null {
  const event = EVENT.exec(text);
  if (event) return [{ event: event[1]!, zone: event[2]! }];
  const blocks: Block[] = [];
  for (TOKEN.lastIndex = 0; TOKEN.lastIndex < text.length;) {
    const at = TOKEN.lastIndex;
    const token = TOKEN.exec(text);
    if (!token || TOKEN.lastIndex === at) break;
    blocks.push(
      token[1] ? { modifier: token[1], value: token[2]! } : { event: token[3]!, zone: token[4]! },
    );
    if (TOKEN.lastIndex === text.length) return blocks;
  }
  // Not slash-less blocks: a modifier whose value has capitals (`idAB`), as before.
  const modifier = MODIFIER.exec(text);
  return modifier ? [{ modifier: modifier[1]!, value: modifier[2]! }] : null;
}

/**
 * SIA DCS data `N…` (e.g. `Nri1/FA001`, `NFA001/BA002`): blocks separated by `/`, or written
 * without it as some diallers do (`Nri1FA3`, docs/receivers.md); an optional `ri` area applies
 * to the events after it. One signal per event block; null when a block is neither an event
 * nor a modifier, or there is no event at all.
 */
export function parseSiaDcs(content: string): DeviceSignal[] | null {
  if (!content.startsWith('N')) return null;
  const signals: DeviceSignal[] = [];
  let area: string | null = null;
  for (const text of content.slice(1).split('/')) {
    const blocks = blocksOf(text);
    if (!blocks) return null;
    for (const block of blocks) {
      if ('event' in block) signals.push(signalOf(block.event, block.zone, area));
      else if (block.modifier === 'ri') area = block.value || null;
    }
  }
  return signals.length > 0 ? signals : null;
}
