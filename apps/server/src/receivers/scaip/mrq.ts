import { SERIAL_MAX_LENGTH, SERIAL_PATTERN } from '@sos/contract';
import type { SignalLocation } from '../signal.js';
import { readXml, type XmlObject } from './xml.js';

/**
 * The SCAIP request document, `<mrq>` (docs/scaip.md), read from untrusted bytes: no DTD,
 * no entity expansion, bounded size and depth. Errors carry the `snu` the answer gives:
 * 2 unparsable, 7 a mandatory tag missing, 3 a value out of its format.
 */

/** A SCAIP document is a few hundred bytes; anything this long is not one. */
const MRQ_MAX_BYTES = 8192;
/** mrq > lge > geo is the deepest a request goes; a little room for unknown extensions. */
const MAX_DEPTH = 6;
/** Any text element is far shorter; longer values are out of format (they would end up in detail). */
const MAX_TEXT = 200;

const MANDATORY_TAGS = ['ref', 'cid', 'dty'] as const;
const OPTIONAL_TAGS = [
  'ver',
  'mty',
  'did',
  'dco',
  'dte',
  'stc',
  'stt',
  'pri',
  'lco',
  'lva',
  'lte',
  'ico',
  'ite',
  // Heartbeat options: 001, the unit's interval may be set by the receiver (`<hbi>` in `<mrs>`).
  'hbo',
  // Voice (docs/voice.md): the unit's call handling (0 duplex, 1 call-back) and its call-back address.
  'cha',
  'crd',
] as const;
type Tag = (typeof MANDATORY_TAGS)[number] | (typeof OPTIONAL_TAGS)[number];

const MESSAGE_TYPES = ['ME', 'RE', 'IN', 'PI'] as const;
type MessageType = (typeof MESSAGE_TYPES)[number];

export type Mrq = { [K in (typeof MANDATORY_TAGS)[number]]: string } & {
  [K in (typeof OPTIONAL_TAGS)[number]]?: string;
} & { mty?: MessageType; location?: SignalLocation };

export type MrqResult = { ok: true; mrq: Mrq } | { ok: false; snu: 2 | 3 | 7; ref: string | null };

const utf8 = new TextDecoder('utf-8', { fatal: true });

function readDocument(body: Buffer): XmlObject | null {
  if (body.length === 0 || body.length > MRQ_MAX_BYTES) return null;
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return null;
  }
  return readXml(text, MAX_DEPTH);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : null;
}

const COORDINATE = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/;

/** `<lge><geo>lat,lon</geo></lge>` (or, as some units send it, `<lge>lat,lon</lge>`). */
function location(value: unknown): SignalLocation | null {
  const geo =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>).geo
      : value;
  const match = typeof geo === 'string' ? COORDINATE.exec(geo) : null;
  if (!match?.[1] || !match[2]) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon, accuracyM: null };
}

const FOUR_DIGITS = /^\d{4}$/;

/** Each tag's format beyond "short text" (docs/scaip.md). */
function inFormat(tag: Tag, value: string): boolean {
  switch (tag) {
    case 'ref':
      return value.length >= 1 && value.length <= 32;
    case 'cid':
      return SERIAL_PATTERN.test(value) && `SCAIP-${value}`.length <= SERIAL_MAX_LENGTH;
    case 'dty':
    case 'stc':
      return FOUR_DIGITS.test(value);
    case 'cha':
      return /^\d$/.test(value);
    case 'crd':
      return /^sips?:[^\s<>"]{1,190}$/.test(value);
    case 'mty':
      return (MESSAGE_TYPES as readonly string[]).includes(value);
    default:
      return true;
  }
}

export function parseMrq(body: Buffer): MrqResult {
  const doc = readDocument(body);
  const root = doc ? Object.keys(doc) : [];
  const mrq = doc?.mrq;
  if (root.length !== 1 || typeof mrq !== 'object' || mrq === null || Array.isArray(mrq)) {
    return { ok: false, snu: 2, ref: null };
  }
  const fields = mrq as Record<string, unknown>;
  const ref = text(fields.ref);
  const failRef = ref !== null && inFormat('ref', ref) ? ref : null;
  if (MANDATORY_TAGS.some((tag) => !(tag in fields))) return { ok: false, snu: 7, ref: failRef };
  const out: Record<string, string> = {};
  for (const tag of [...MANDATORY_TAGS, ...OPTIONAL_TAGS]) {
    if (!(tag in fields)) continue;
    const value = text(fields[tag]);
    // An empty optional element is sent by some units for "not applicable": absent.
    if (value === '' && (OPTIONAL_TAGS as readonly string[]).includes(tag)) continue;
    if (value === null || !inFormat(tag, value)) return { ok: false, snu: 3, ref: failRef };
    out[tag] = value;
  }
  let geo: SignalLocation | null = null;
  if ('lge' in fields) {
    geo = location(fields.lge);
    if (!geo) return { ok: false, snu: 3, ref: failRef };
  }
  const result = out as unknown as Mrq;
  if (geo) result.location = geo;
  return { ok: true, mrq: result };
}
