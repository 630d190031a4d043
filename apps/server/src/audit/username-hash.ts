import { createHmac } from 'node:crypto';

/**
 * An unknown username of a failed login, as the log keeps it (docs/audit.md): an HMAC with a
 * key derived from the server's secret, over the name as the login throttle counts it (trimmed,
 * lower case). Repeated guesses of one name correlate; what was typed (perhaps a password
 * typed in the wrong field) is never stored, and cannot be tried offline without the secret.
 */
export function usernameHasher(serverSecret: string): (username: string) => string {
  const key = createHmac('sha256', serverSecret).update('sos-console audit username v1').digest();
  return (username) =>
    createHmac('sha256', key).update(username.trim().toLowerCase(), 'utf8').digest('hex');
}
