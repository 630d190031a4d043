import type { ErrorCode } from '@sos/contract';
import type { MessageId } from '../i18n/catalogue.js';

/**
 * Server error codes that deserve a precise message; everything else is spec §8's
 * 'Errore inaspettato!'. Features extend this map by adding their codes here.
 */
const CODE_MESSAGES: Partial<Record<ErrorCode, MessageId>> = {
  RATE_LIMITED: 'error.rateLimited',
};

export function errorMessageId(error: unknown): MessageId {
  const e = error as { status?: unknown; data?: { code?: ErrorCode } } | undefined;
  if (e?.status === 'FETCH_ERROR') return 'error.network';
  const code = e?.data?.code;
  return (code && CODE_MESSAGES[code]) || 'error.unexpected';
}
