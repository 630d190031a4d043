import { Agent, request } from 'undici';
import {
  API_KEY_HEADER,
  apiPath,
  deviceSchema,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  sosSchema,
  type Device,
  type PathName,
  type Sos,
} from '@sos/contract';
import { DeviceApiError, networkError } from './errors.js';

/** The part of a zod schema the client uses (keeps zod itself out of this package's dependencies). */
interface Schema<T> {
  safeParse(value: unknown): { success: boolean; data?: T };
}

export interface Answer<T> {
  /** 201: the server created it; 200: it already existed. */
  created: boolean;
  value: T;
}

/** Generous: a busy embedded database may take a while, but a dead server must not hang a device. */
const TIMEOUT_MS = 15_000;

/**
 * The device API as a device calls it (docs/contract.md): one keep-alive connection pool
 * shared by every simulated device, the key in X-Api-Key, answers checked against
 * the contract.
 */
export class DeviceApiClient {
  private readonly agent: Agent;
  readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
    connections = 16,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.agent = new Agent({
      connections,
      keepAliveTimeout: 30_000,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      connectTimeout: TIMEOUT_MS,
    });
  }

  register(serial: string, displayName: string): Promise<Answer<Device>> {
    return this.post('deviceRegister', { serial, displayName }, {}, deviceSchema);
  }

  /** The same key on a retry makes the server answer the SOS it already created. */
  raiseSos(serial: string, idempotencyKey: string): Promise<Answer<Sos>> {
    return this.post(
      'deviceSos',
      { serial },
      { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      sosSchema,
    );
  }

  async heartbeat(serial: string, battery?: number): Promise<void> {
    const body = battery === undefined ? { serial } : { serial, battery };
    await this.post<void>('deviceHeartbeat', body, {}, undefined);
  }

  /** A periodic test (docs/expected-events.md): contact, no SOS; clears "Test periodico mancante". */
  async test(serial: string): Promise<void> {
    await this.post<void>('deviceTest', { serial }, {}, undefined);
  }

  /** The resident's check-in (docs/expected-events.md): contact, no SOS. */
  async checkIn(serial: string): Promise<void> {
    await this.post<void>('deviceCheckin', { serial }, {}, undefined);
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private async post<T>(
    path: PathName,
    body: unknown,
    headers: Record<string, string>,
    schema: Schema<T> | undefined,
  ): Promise<Answer<T>> {
    let response;
    try {
      response = await request(this.baseUrl + apiPath(path), {
        method: 'POST',
        dispatcher: this.agent,
        headers: { 'content-type': 'application/json', [API_KEY_HEADER]: this.apiKey, ...headers },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw networkError(err, this.baseUrl);
    }
    const { statusCode } = response;
    let text: string;
    try {
      text = await response.body.text();
    } catch (err) {
      throw networkError(err, this.baseUrl);
    }
    if (statusCode >= 300) throw refusal(statusCode, text, path);
    if (!schema) return { created: statusCode === 201, value: undefined as T };
    const parsed = schema.safeParse(safeJson(text));
    if (!parsed.success || parsed.data === undefined) {
      throw new DeviceApiError(
        'protocol',
        `${apiPath(path)}: unexpected answer (${statusCode}) from the server`,
      );
    }
    return { created: statusCode === 201, value: parsed.data };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function refusal(status: number, text: string, path: PathName): DeviceApiError {
  const error = errorResponseSchema.safeParse(safeJson(text));
  const detail = error.success ? error.data.message : text.slice(0, 200) || 'no details';
  if (status === 401)
    return new DeviceApiError('api-key', 'the server refused the API key (401)', status);
  if (status === 403 && error.success && error.data.code === 'DEVICE_DELETED') {
    return new DeviceApiError('deleted', detail, status);
  }
  if (status === 429)
    return new DeviceApiError('rate-limited', `rate limited (429): ${detail}`, status);
  if (status === 404 && !error.success) {
    return new DeviceApiError(
      'http',
      `${apiPath(path)} not found (404): is this an SOS Console server?`,
      status,
    );
  }
  return new DeviceApiError('http', `${apiPath(path)} failed (${status}): ${detail}`, status);
}
