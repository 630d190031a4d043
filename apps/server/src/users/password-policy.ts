import { COMMON_PASSWORD_MESSAGE, SUPER_ADMIN_PASSWORD_MIN_LENGTH, type Role } from '@sos/contract';
import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { invalid } from '../lib/domain-error.js';

let common: Set<string> | undefined;
/** The list, loaded on the first new password rather than at every start (~30 ms). */
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const { dictionary } = require('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return common;
}

/**
 * NIST SP 800-63B for a new password (docs/security.md): at least 12 characters for a super
 * administrator, 8 otherwise (the contract's minimum), and not a well-known password: the
 * 49,000 most common ones of @zxcvbn-ts/language-common, a maintained list, compared in lower
 * case. No composition rules and no expiry: 800-63B advises against both.
 *
 * A 400 naming `body.password` with the reason, or nothing.
 */
export function checkNewPassword(password: string, role: Role): void {
  if (role === 'SUPER_ADMIN' && password.length < SUPER_ADMIN_PASSWORD_MIN_LENGTH) {
    throw invalid(
      `body.password: must be at least ${SUPER_ADMIN_PASSWORD_MIN_LENGTH} characters for a super administrator`,
    );
  }
  if (commonPasswords().has(password.toLowerCase())) {
    throw invalid(COMMON_PASSWORD_MESSAGE);
  }
}
