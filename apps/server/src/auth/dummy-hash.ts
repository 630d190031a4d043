import { randomBytes } from 'node:crypto';
import { hashPassword } from '../lib/password.js';

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, with the same cost as real ones: an unknown username is
 * checked against it, so it costs as long as a wrong password and reveals nothing.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummy;
}
