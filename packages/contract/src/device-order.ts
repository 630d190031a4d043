import type { Device } from './device.js';
import { compareSeverity } from './kinds.js';

/*
 * The dashboard order (docs/console.md), written once: the server's getAll (which stores
 * deviceNameSortKey beside each name and sorts it with COLLATE "C"), the console's dashboard
 * and the tests all follow compareDashboardOrder.
 */

// Significant digits of a run, written before it: 3 digits cover any run a name can hold (DISPLAY_NAME_MAX_LENGTH).
const RUN_LENGTH_WIDTH = 3;
const RUN_LENGTH_MAX = 10 ** RUN_LENGTH_WIDTH - 1;
const MARKS = /\p{M}/gu;
// The Arabic-Indic and Eastern Arabic-Indic digits the Arabic console writes: NFKD leaves them.
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const DIGIT_RUN = /[0-9]+/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function digitRunKey(run: string): string {
  const digits = run.replace(/^0+/, '');
  return String(Math.min(digits.length, RUN_LENGTH_MAX)).padStart(RUN_LENGTH_WIDTH, '0') + digits;
}

/**
 * A name's sort key, compared in code point order: no case (toLowerCase, the same in every
 * locale), no accents (NFKD, marks dropped: 'Èco' is 'eco'), and numbers by value: each run of
 * digits without its leading zeros, after its length ('Bravo 2' is 'bravo 0012', before
 * 'bravo 00210' of 'Bravo 10'; 'Bravo 02' ties with 'Bravo 2'). Pure and locale-free, so the
 * server can store it and sort on it.
 */
export function deviceNameSortKey(name: string): string {
  // Printable ASCII has no compatibility forms, marks or Arabic digits: half the time.
  const folded = PRINTABLE_ASCII.test(name)
    ? name.toLowerCase()
    : name
        .normalize('NFKD')
        .toLowerCase()
        .normalize('NFKD')
        .replace(MARKS, '')
        .replace(ARABIC_DIGITS, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));
  return folded.replace(DIGIT_RUN, digitRunKey);
}

/** UTF-16 surrogates (D800–DFFF) after E000–FFFF, so code units compare as code points do. */
const codePointRank = (unit: number) => (unit >= 0xe000 ? unit - 0x800 : unit + 0x2000);

/**
 * Code point order, as PostgreSQL compares text COLLATE "C" (UTF-8 bytes). JavaScript's `<`
 * compares UTF-16 code units, which put a character above U+FFFF before U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    return x >= 0xd800 && y >= 0xd800 ? codePointRank(x) - codePointRank(y) : x - y;
  }
  return a.length - b.length;
}

/** What the order reads of a device: the console sorts these with each name's key beside them. */
export type DashboardEntry = Pick<Device, 'id' | 'displayName' | 'lastSos'>;
const nameKeyOf = (device: DashboardEntry) => deviceNameSortKey(device.displayName);

/** The open SOS's creation time (milliseconds, as its JSON says it), or null without one. */
function openSince(device: DashboardEntry): number | null {
  if (device.lastSos?.state !== 'OPEN') return null;
  const time = Date.parse(device.lastSos.dateCreated);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * Devices with an open SOS first: the newest SOS first, then the higher SOS id. Then the others
 * by name key, then by device id. Total: every device has exactly one place.
 */
export function compareDashboardOrder<T extends DashboardEntry>(
  a: T,
  b: T,
  nameKey: (device: T) => string = nameKeyOf,
): number {
  const ta = openSince(a);
  const tb = openSince(b);
  if (ta !== null || tb !== null) {
    if (ta === null) return 1;
    if (tb === null) return -1;
    if (ta !== tb) return tb - ta;
    const byId = (b.lastSos?.id ?? 0) - (a.lastSos?.id ?? 0);
    if (byId !== 0) return byId;
  }
  return compareCodePoints(nameKey(a), nameKey(b)) || a.id - b.id;
}

/**
 * The URGENT order of two devices with an open SOS (alarm settings' dashboardOrder, docs/console.md):
 * unacknowledged first, then the more severe kind (kinds.ts), then the oldest SOS, then the lower
 * SOS id. The console applies it to the open SOS only: they lead either order, the rest stays by name.
 */
export function compareUrgentOrder(a: DashboardEntry, b: DashboardEntry): number {
  const sa = a.lastSos;
  const sb = b.lastSos;
  if (!sa || !sb) return compareDashboardOrder(a, b);
  const acked = Number(sa.acknowledgedAt !== null) - Number(sb.acknowledgedAt !== null);
  if (acked !== 0) return acked;
  const kind = compareSeverity(sa.kind, sb.kind);
  if (kind !== 0) return kind;
  const ta = Date.parse(sa.dateCreated) || 0;
  const tb = Date.parse(sb.dateCreated) || 0;
  if (ta !== tb) return ta - tb;
  return sa.id - sb.id;
}
