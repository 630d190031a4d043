import { KIND_LABELS, type AlarmKind } from '@sos/contract';

/**
 * The Italian words a DEVICE_EVENT timeline entry is written in (docs/alarm-kinds.md). The
 * timeline stores text, not codes, like the notes beside it: an operator reads it as is, and
 * the console translates only its own labels around it.
 */
// The same words the exports for a spreadsheet use in Italian (export-codes.ts): one list.
export const ALARM_KIND_LABELS_IT: Record<AlarmKind, string> = KIND_LABELS.it;

export const RESTORE_TEXT_IT = 'Ripristino dal dispositivo';
export const CANCEL_TEXT_IT = 'Annullato dal dispositivo';

/** "Incendio (1110)": the words, then the code as the device sent it, when it sent one. */
export const deviceEventText = (words: string, code: string | null): string =>
  code === null || code === '' ? words : `${words} (${code})`;
