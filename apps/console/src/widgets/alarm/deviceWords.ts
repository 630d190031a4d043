import type { DeviceEventWords, SourceParts } from '@sos/contract';
import type { IntlShape } from 'react-intl';
import { deviceWordsMessages } from './deviceWords.messages.js';

const PERIPHERALS = new Set(
  Object.keys(deviceWordsMessages.it)
    .filter((id) => /^words\.peripheral\.\d{4}$/.test(id))
    .map((id) => id.slice('words.peripheral.'.length)),
);

/** "004" in the language's digits, its zeros kept (Intl with the reader's locale); other text as sent. */
const number = (value: string, intl: IntlShape) =>
  /^[0-9]{1,15}$/.test(value)
    ? intl.formatNumber(Number(value), { minimumIntegerDigits: value.length, useGrouping: false })
    : value;

/** Numbered parts in the order the server's Italian detail writes them. */
const NUMBERED = ['number', 'component', 'zone', 'group', 'area'] as const;

/**
 * A source's detail in the reader's language (docs/alarm-kinds.md "Device words"): "Fall
 * detector, no. 1, Camera da letto". The peripheral by its SCAIP code, the numbers in the
 * language's digits, the room as the device wrote it.
 */
export function sourcePartsText(parts: SourceParts, intl: IntlShape): string {
  const words: string[] = [];
  const { peripheral, room } = parts;
  if (peripheral !== undefined)
    words.push(
      PERIPHERALS.has(peripheral)
        ? intl.formatMessage({ id: `words.peripheral.${peripheral}` as 'words.peripheral.0005' })
        : intl.formatMessage({ id: 'words.peripheral.other' }, { code: peripheral }),
    );
  for (const part of NUMBERED) {
    const value = parts[part];
    if (value !== undefined)
      words.push(intl.formatMessage({ id: `words.${part}` }, { n: number(value, intl) }));
  }
  if (room !== undefined) words.push(room);
  return words.join(intl.formatMessage({ id: 'words.separator' }));
}

/** A DEVICE_EVENT in the reader's language: "Fire (1110)", "Restored by the device (3110)". */
export function deviceEventWords(event: DeviceEventWords, intl: IntlShape): string {
  const words = event.kind
    ? intl.formatMessage({ id: `kind.${event.kind}` })
    : intl.formatMessage({ id: event.restore ? 'words.restore' : 'words.cancel' });
  return event.code === null || event.code === ''
    ? words
    : // The code as the device sent it, left to right inside Arabic (an isolate).
      intl.formatMessage({ id: 'words.withCode' }, { words, code: `\u2066${event.code}\u2069` });
}
