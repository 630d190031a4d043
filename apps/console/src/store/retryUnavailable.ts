import type {
  BaseQueryApi,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { ErrorCode } from '@sos/contract';
import { showSnackbar } from './snackbarSlice.js';

/**
 * A database outage is temporary and says so (503 DATABASE_UNAVAILABLE, Retry-After; see
 * docs/hardening.md): a failed read is sent again after Retry-After, while the snackbar says
 * "Servizio momentaneamente non disponibile", until it is answered or these many tries have
 * passed (then the error surfaces as any other). Writes are never repeated: whether one was
 * done is for the operator to see, not for the console to guess.
 */
const UNAVAILABLE_MAX_RETRIES = 60;
const MAX_WAIT_MS = 10_000;

interface Result {
  error?: FetchBaseQueryError;
  meta?: FetchBaseQueryMeta;
}

const isDatabaseUnavailable = (error: FetchBaseQueryError | undefined) =>
  error?.status === 503 &&
  (error.data as { code?: ErrorCode } | undefined)?.code === 'DATABASE_UNAVAILABLE';

/** Retry-After in ms (whole seconds, 1 s when absent or unreadable), at most MAX_WAIT_MS. */
function retryAfterMs(meta: FetchBaseQueryMeta | undefined): number {
  const seconds = Number(meta?.response?.headers.get('retry-after'));
  return Math.min(MAX_WAIT_MS, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000);
}

/** Resolves after `ms`, or at once when the query is given up (its component went away). */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Runs `call`, and again after each Retry-After while a query meets a database outage. */
export async function retryWhileUnavailable<R extends Result>(
  call: () => Promise<R>,
  api: BaseQueryApi,
): Promise<R> {
  let result = await call();
  for (let attempt = 0; attempt < UNAVAILABLE_MAX_RETRIES; attempt++) {
    if (api.type !== 'query' || !isDatabaseUnavailable(result.error) || api.signal.aborted)
      return result;
    api.dispatch(showSnackbar({ type: 'error', messageId: 'error.databaseUnavailable' }));
    await pause(retryAfterMs(result.meta), api.signal);
    if (api.signal.aborted) return result;
    result = await call();
  }
  return result;
}
