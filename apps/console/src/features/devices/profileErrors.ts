import type { FieldError } from 'react-hook-form';
import { DISPLAY_NAME_MAX_LENGTH, PROFILE_LIMITS, sayInEnglish } from '@sos/contract';
import type { MessageId } from '../../i18n/messageId.js';

type Limit = keyof typeof PROFILE_LIMITS;

/** The rule of text an operator reads, by the English message the contract's schema gives it. */
const TEXT_RULES: Record<string, MessageId> = {
  [sayInEnglish('textControls')!]: 'validation.textControls',
  [sayInEnglish('textControlChars')!]: 'validation.textControlChars',
  [sayInEnglish('textInvisible')!]: 'validation.textInvisible',
};

/**
 * The contract's schema names the limit in English (for the API); the form says it in the
 * language on screen, from the code and the field's limit.
 */
export function profileError(
  error: FieldError | undefined,
  limit: Limit | 'phone' | 'displayName',
): { id: MessageId; values?: Record<string, number> } | undefined {
  if (!error) return undefined;
  const textRule = error.message === undefined ? undefined : TEXT_RULES[error.message];
  if (textRule) return { id: textRule };
  if (limit === 'displayName') {
    // 1–100 characters, no control characters (none can be typed in the field).
    return error.type === 'too_big'
      ? { id: 'health.tooLong', values: { max: DISPLAY_NAME_MAX_LENGTH } }
      : { id: 'health.required' };
  }
  if (limit === 'phone' || error.type === 'invalid_format') return { id: 'health.badPhone' };
  if (error.type === 'too_small') return { id: 'health.required' };
  return { id: 'health.tooLong', values: { max: PROFILE_LIMITS[limit] } };
}
