import type {
  AlarmConf,
  AuditPage,
  AuthResponse,
  CallResult,
  Device,
  DeviceProfileInput,
  Employee,
  Role,
  Sos,
  SosOutcome,
  SosStats,
  SosTimelineEntry,
} from '@sos/contract';
import { E2E } from '../env.js';
import { apiPath } from '@sos/contract/paths';

/** A failed call, with what the server said. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await fetch(E2E.baseURL + path, { ...init, headers });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw new ApiError(response.status, body, `${init.method ?? 'GET'} ${path}`);
  return body as T;
}

/** POST /api/auth/login, as the console does. */
export const login = (username: string, password: string) =>
  call<AuthResponse>(apiPath('login'), {
    method: 'POST',
    body: JSON.stringify({ username, password }),
  });

/** POST /api/auth/refreshAuth?refresh_token=: the status alone (200 or 401). */
export async function refreshStatus(refreshToken: string): Promise<number> {
  const response = await fetch(
    `${E2E.baseURL}/api/auth/refreshAuth?refresh_token=${encodeURIComponent(refreshToken)}`,
    { method: 'POST' },
  );
  return response.status;
}

/** POST /api/auth/logout: ends that refresh token's session on the server (docs/security.md). */
export async function logoutOnServer(refreshToken: string): Promise<void> {
  await call<null>(apiPath('logout'), {
    method: 'POST',
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
}

/**
 * The server's API as the test's super administrator, straight over HTTP: it prepares
 * data and checks outcomes, never what the console shows.
 */
export class AdminApi {
  private auth: AuthResponse | null = null;

  private async token(): Promise<string> {
    const now = Date.now() / 1000;
    if (!this.auth || this.auth.expires_at - now < 60) {
      this.auth = await login(E2E.admin.username, E2E.admin.password);
    }
    return this.auth.access_token;
  }

  private async call<T>(path: string, init: RequestInit = {}): Promise<T> {
    return call<T>(path, { ...init, token: await this.token() });
  }

  createUser(user: { username: string; email: string; password: string; role?: Role }) {
    return this.call<Employee>(apiPath('employee'), { method: 'POST', body: JSON.stringify(user) });
  }

  users() {
    return this.call<Employee[]>(apiPath('employee'));
  }

  /** PATCH /api/employee/:id: a role or password change ends the user's sessions (docs/security.md). */
  updateUser(
    id: number,
    user: { username: string; email: string; role?: Role; password?: string },
  ) {
    return this.call<Employee>(`${apiPath('employee')}/${id}`, {
      method: 'PATCH',
      body: JSON.stringify(user),
    });
  }

  /** GET /api/audit with a query string (newest first). */
  audit(query = '') {
    return this.call<AuditPage>(`${apiPath('audit')}?${query}`);
  }

  deleteUser(id: number) {
    return this.call<null>(`${apiPath('employee')}/${id}`, { method: 'DELETE' });
  }

  devices() {
    return this.call<Device[]>(apiPath('deviceGetAll'));
  }

  deleteDevice(id: number) {
    return this.call<null>(`${apiPath('deviceDelete')}?id=${id}`, { method: 'DELETE' });
  }

  /** PATCH a device's supervision and periodic test interval. */
  setSupervision(
    id: number,
    body: { supervisionSeconds?: number | null; testIntervalHours?: number | null },
  ) {
    return this.call<unknown>(`${apiPath('deviceSupervision')}?id=${id}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
    });
  }

  closeSos(sosId: number) {
    return this.call<null>(`${apiPath('sosClose')}?sosId=${sosId}`, { method: 'PATCH' });
  }

  history() {
    return this.call<Sos[]>(apiPath('sosGetAll'));
  }

  /** GET /api/sos/stats (docs/alarm-handling.md "Reports"), the server's default range (7 days ending today). */
  stats() {
    return this.call<SosStats>(apiPath('sosStats'));
  }

  async apiKey(): Promise<string> {
    return (await this.call<{ apiKey: string }>(apiPath('confApiKey'))).apiKey;
  }

  setApiKey(apiKey: string) {
    return this.call<{ apiKey: string }>(apiPath('confApiKey'), {
      method: 'POST',
      body: JSON.stringify({ apiKey }),
    });
  }

  /** POST /api/sos/ack (docs/alarm-handling.md): take charge as the admin. */
  ackSos(sosId: number) {
    return this.call<Sos>(`${apiPath('sosAck')}?sosId=${sosId}`, { method: 'POST' });
  }

  /** GET /api/sos/timeline (docs/alarm-handling.md): an SOS's entries, oldest first. */
  timeline(sosId: number) {
    return this.call<SosTimelineEntry[]>(`${apiPath('sosTimeline')}?sosId=${sosId}`);
  }

  /** PUT /api/device/profile: the resident behind a device (docs/call-out.md calls them). */
  putProfile(deviceId: number, profile: DeviceProfileInput) {
    return this.call<DeviceProfileInput>(`${apiPath('deviceProfile')}?id=${deviceId}`, {
      method: 'PUT',
      body: JSON.stringify(profile),
    });
  }

  /** GET/POST /api/conf/alarm (docs/alarm-handling.md). */
  alarmConf() {
    return this.call<AlarmConf>(apiPath('confAlarm'));
  }

  setAlarmConf(conf: AlarmConf) {
    return this.call<AlarmConf>(apiPath('confAlarm'), {
      method: 'POST',
      body: JSON.stringify(conf),
    });
  }

  /** POST /api/alarms/technical/dismiss (docs/alarm-handling.md): "Ignora" a deleted device's SOS. */
  dismissTechnicalAlarm(deviceId: number) {
    return this.call<null>(`${apiPath('alarmsTechnicalDismiss')}?deviceId=${deviceId}`, {
      method: 'POST',
    });
  }

  /** Closes every open SOS: for tests that need a quiet dashboard. */
  async closeAllOpenSos(): Promise<void> {
    for (const device of await this.devices()) {
      if (device.lastSos?.state === 'OPEN') await this.closeSos(device.lastSos.id);
    }
  }
}

/** PATCH /api/sos/close as a given signed-in user (history names who closed it), with how it ended if given. */
export async function closeSosAs(
  token: string,
  sosId: number,
  outcome?: SosOutcome,
): Promise<void> {
  const body = outcome === undefined ? {} : { body: JSON.stringify({ outcome }) };
  await call<null>(`${apiPath('sosClose')}?sosId=${sosId}`, { method: 'PATCH', token, ...body });
}

/** POST /api/sos/ack as a given signed-in user: he takes charge ("Subentra" with `takeOver`). */
export async function ackSosAs(token: string, sosId: number, takeOver = false): Promise<void> {
  const query = `sosId=${sosId}${takeOver ? '&takeOver=true' : ''}`;
  await call<unknown>(`${apiPath('sosAck')}?${query}`, { method: 'POST', token });
}

/** POST /api/sos/call: a call the operator made for the SOS (docs/call-out.md). */
export async function logCallAs(
  token: string,
  sosId: number,
  entry: ({ to: 'RESIDENT' } | { to: 'CONTACT'; contactIndex: number }) & {
    result: CallResult;
    note?: string;
  },
): Promise<void> {
  await call<unknown>(`${apiPath('sosCall')}?sosId=${sosId}`, {
    method: 'POST',
    token,
    body: JSON.stringify(entry),
  });
}
