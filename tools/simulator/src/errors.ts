/** What went wrong with a device API call, in the terms a person running the simulator needs. */
export type DeviceApiErrorKind =
  /** 401: the key is wrong (or was changed on the server). */
  | 'api-key'
  /** No connection, DNS failure, reset or timeout. */
  | 'unreachable'
  /** 403 DEVICE_DELETED: an administrator deleted the device; it stops calling. */
  | 'deleted'
  /** 429: the per-device limit. */
  | 'rate-limited'
  /** Any other refusal or server error. */
  | 'http'
  /** A 2xx answer that does not match the contract. */
  | 'protocol';

export class DeviceApiError extends Error {
  constructor(
    readonly kind: DeviceApiErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DeviceApiError';
  }

  /** Worth retrying later with the same request (never a refusal of the key or the device). */
  get transient(): boolean {
    return (
      this.kind === 'unreachable' ||
      this.kind === 'rate-limited' ||
      (this.kind === 'http' && (this.status ?? 0) >= 500)
    );
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

function errorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A failed connection becomes an 'unreachable' error naming the server; anything else is rethrown. */
export function networkError(err: unknown, baseUrl: string): DeviceApiError {
  const code = errorCode(err);
  if (code && NETWORK_CODES.has(code)) {
    return new DeviceApiError('unreachable', `cannot reach the server at ${baseUrl} (${code})`);
  }
  if (err instanceof TypeError && /invalid url/i.test(err.message)) {
    return new DeviceApiError('unreachable', `${baseUrl} is not a valid URL`);
  }
  throw err;
}
