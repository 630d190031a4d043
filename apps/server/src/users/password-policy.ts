import { COMMON_PASSWORD_MESSAGE, SUPER_ADMIN_PASSWORD_MIN_LENGTH, type Role } from '@sos/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from '../lib/domain-error.js';

/**
 * NIST SP 800-63B for a new password (docs/security.md): at least 12 characters for a super
 * administrator, 8 otherwise (the contract's minimum), and not a well-known password: the
 * 49,000 most common ones of @zxcvbn-ts/language-common, a maintained list, compared in lower
 * case. No composition rules and no expiry: 800-63B advises against both.
 */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** A 400 naming `body.password` with the reason, or nothing. */
export function checkNewPassword(password: string, role: Role): void {
  if (role === 'SUPER_ADMIN' && password.length < SUPER_ADMIN_PASSWORD_MIN_LENGTH) {
    throw invalid(
      `body.password: must be at least ${SUPER_ADMIN_PASSWORD_MIN_LENGTH} characters for a super administrator`,
    );
  }
  if (COMMON.has(password.toLowerCase())) {
    throw invalid(COMMON_PASSWORD_MESSAGE);
  }
}
