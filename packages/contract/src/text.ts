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
 * A character that shows nothing by itself: spaces and separators, controls, format
 * characters (U+200B, U+180E, U+2060, U+FEFF, the marks above…), combining marks without a
 * base, and the letters and symbols fonts draw blank (Hangul fillers, the blank braille cell).
 */
const INVISIBLE = '\\p{White_Space}\\p{Cc}\\p{Cf}\\p{Z}\\p{M}\\u115F\\u1160\\u3164\\uFFA0\\u2800';
const VISIBLE_PATTERN = new RegExp(`[^${INVISIBLE}]`, 'u');

/** Why a text an operator reads is refused, or undefined when it is fine. Empty is fine here. */
export function misleadingTextProblem(value: string): 'textControls' | 'textInvisible' | undefined {
  if (MISLEADING_CONTROL_PATTERN.test(value)) return 'textControls';
  if (value !== '' && !VISIBLE_PATTERN.test(value)) return 'textInvisible';
  return undefined;
}

/** A serial is printable and URL-safe (SERIAL_PATTERN) and has at least one letter or digit: `.`, `..`, `-` say nothing. */
export const SERIAL_HAS_ALNUM_PATTERN = /[A-Za-z0-9]/;
