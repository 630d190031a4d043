/**
 * What "Chiama" dials (docs/voice.md): a number's digits with a leading `+` kept — spaces,
 * dots, dashes and brackets dropped — as a SIP URI at the voice domain. Kamailio sends it on
 * to the centre's trunk, or to whoever registered under that number when there is none.
 * null when nothing dialable is left (a number written as letters).
 */
export function dialTarget(number: string, domain: string): string | null {
  const trimmed = number.trim();
  const digits = trimmed.replace(/[^0-9]/g, '');
  if (digits === '') return null;
  return `sip:${trimmed.startsWith('+') ? '+' : ''}${digits}@${domain}`;
}
