/**
 * Whether an error means the database could not be reached (rather than a bug or a refused
 * statement): the receivers then stay silent and the device retries or turns to its backup
 * receiver. node-postgres reports a refused or dropped connection with a socket error code,
 * PostgreSQL a server going away with SQLSTATE class 08 (connection), 57P (operator
 * intervention: shutdown) or 53 (insufficient resources: too many connections).
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection error/i, /not queryable/i, /closed/i];

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || /^(08|57P|53)/.test(code))) return true;
    if (MESSAGES.some((pattern) => pattern.test(e instanceof Error ? e.message : ''))) return true;
  }
  return false;
}
