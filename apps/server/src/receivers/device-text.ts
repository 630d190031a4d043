import { misleadingTextProblem } from '@sos/contract';

/**
 * Words a device sends that an operator will read (SCAIP `dte`, `stt`, `lte`, `ite`; DC-09
 * zone and user words) follow the rule of text an operator reads (docs/security.md): a
 * bidirectional override, a control character or a lone surrogate could make a detail lie
 * ("Camera\u202e moc.live"). An alarm is never refused for its words: the words that break the
 * rule are replaced by the code they describe, and the message goes through.
 */
export function deviceWords(words: string, code: string | null): string | null {
  return misleadingTextProblem(words) ? code : words;
}
