/**
 * Text an operator reads cannot lie (docs/hardening.md). Zod-free, so the console can test a
 * value without loading the schemas; rules.ts turns these into the fields' checks.
 *
 * Refused anywhere in such a text: the bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which make a name render reversed or out of place
 * ("Trojan Source", CVE-2021-42574), and the line and paragraph separators (U+2028, U+2029),
 * which break a one-line name into lines that a list cuts off. Left allowed: the joiners and
 * marks that scripts need (U+200C ZWNJ in Persian, U+200D ZWJ, U+200E/U+200F LRM/RLM in
 * Arabic and Hebrew); alone they show nothing, so the visibility rule covers their misuse.
 */
export const MISLEADING_CONTROL_PATTERN = /[\u202A-\u202E\u2066-\u2069\u2028\u2029]/u;

/**
 * Also refused: the C0 and C1 control characters (ESC, BEL… make a terminal or a log viewer
 * do things; NUL cannot be stored), except tab and the line breaks that a note's several lines
 * need, and lone surrogates (a JSON `\ud800` that PostgreSQL would store changed, as U+FFFD).
 * With the `u` flag, a surrogate range matches only a surrogate that is not half of a pair.
 */
export const CONTROL_CHARACTER_PATTERN =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;

/**
 * A character that shows nothing by itself: spaces and separators, controls, format
 * characters (U+200B, U+180E, U+2060, U+FEFF, the marks above…), combining marks without a
 * base, and the letters and symbols fonts draw blank (Hangul fillers, the blank braille cell).
 */
const INVISIBLE = '\\p{White_Space}\\p{Cc}\\p{Cf}\\p{Z}\\p{M}\\u115F\\u1160\\u3164\\uFFA0\\u2800';
const VISIBLE_PATTERN = new RegExp(`[^${INVISIBLE}]`, 'u');

/** Why a text an operator reads is refused, or undefined when it is fine. Empty is fine here. */
export function misleadingTextProblem(
  value: string,
): 'textControls' | 'textControlChars' | 'textInvisible' | undefined {
  if (CONTROL_CHARACTER_PATTERN.test(value)) return 'textControlChars';
  if (MISLEADING_CONTROL_PATTERN.test(value)) return 'textControls';
  if (value !== '' && !VISIBLE_PATTERN.test(value)) return 'textInvisible';
  return undefined;
}

/** A serial is printable and URL-safe (SERIAL_PATTERN) and has at least one letter or digit: `.`, `..`, `-` say nothing. */
export const SERIAL_HAS_ALNUM_PATTERN = /[A-Za-z0-9]/;
