import type { ErrorCode, Sos } from '@sos/contract';
import type { MessageId } from '../i18n/messageId.js';

/**
 * Server error codes that deserve a precise message; everything else is docs/console.md's
 * 'Errore inaspettato!'. Features extend this map by adding their codes here.
 */
const CODE_MESSAGES: Partial<Record<ErrorCode, MessageId>> = {
  RATE_LIMITED: 'error.rateLimited',
  DATABASE_UNAVAILABLE: 'error.databaseUnavailable',
  INVALID_CREDENTIALS: 'error.invalidCredentials',
  TOO_MANY_LOGIN_ATTEMPTS: 'error.tooManyLoginAttempts',
  USERNAME_TAKEN: 'error.usernameTaken',
  CANNOT_DELETE_SELF: 'error.cannotDeleteSelf',
  LAST_SUPER_ADMIN: 'error.lastSuperAdmin',
  OWN_ROLE: 'shift.ownRole',
  OUTCOME_REQUIRED: 'walk.outcomeRequired',
};

interface ErrorLike {
  status?: unknown;
  data?: { code?: ErrorCode; retryAfterS?: number; sos?: Sos };
}

/** The contract's error code of a failed call (an RTK Query error, or its payload), if any. */
export const errorCodeOf = (error: unknown): ErrorCode | undefined =>
  (error as ErrorLike | undefined)?.data?.code;

function errorMessageId(error: unknown): MessageId {
  const e = error as ErrorLike | undefined;
  if (e?.status === 'FETCH_ERROR') return 'error.network';
  const code = errorCodeOf(e);
  return (code && CODE_MESSAGES[code]) || 'error.unexpected';
}

/**
 * Two operators on one SOS is not an error of the console (docs/alarm-handling.md): the 409s carry the
 * SOS as it stands, and the message says who has it or who closed it.
 */
function sosConflict(
  error: unknown,
): { messageId: MessageId; values: { username: string } } | null {
  const data = (error as ErrorLike | undefined)?.data;
  const owner = data?.sos?.acknowledgedBy?.username;
  if (data?.code === 'SOS_ALREADY_ACKNOWLEDGED' && owner)
    return { messageId: 'alarm.alreadyAcknowledged', values: { username: owner } };
  const closer = data?.sos?.closedBy?.username;
  if (data?.code === 'SOS_NOT_OPEN' && closer)
    return { messageId: 'alarm.alreadyClosed', values: { username: closer } };
  return null;
}

/** The message and its values: a throttled login says how long to wait, a 409 who acted. */
export function errorMessage(error: unknown): {
  messageId: MessageId;
  values?: Record<string, number | string>;
} {
  const conflict = sosConflict(error);
  if (conflict) return conflict;
  const messageId = errorMessageId(error);
  if (messageId !== 'error.tooManyLoginAttempts') return { messageId };
  // Retry-After, in whole seconds (never "0 s").
  return {
    messageId,
    values: { n: Math.max(1, Math.ceil((error as ErrorLike).data?.retryAfterS ?? 60)) },
  };
}
