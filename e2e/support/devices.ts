import type { AlarmKind, Device, Sos } from '@sos/contract';
import { E2E } from '../env.js';
import { uid } from './unique.js';
import { API_KEY_HEADER, apiPath } from '@sos/contract/paths';

/** What the device API answered: status and body (tests check refusals too). */
interface DeviceAnswer<T> {
  status: number;
  body: T;
}

async function deviceCall<T>(path: string, body: object, apiKey: string): Promise<DeviceAnswer<T>> {
  const response = await fetch(E2E.baseURL + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [API_KEY_HEADER]: apiKey },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A simulated SOS device speaking the real device API (docs/contract.md) with X-Api-Key. */
export class SimDevice {
  constructor(
    readonly serial: string,
    readonly displayName: string,
    public apiKey: string = E2E.apiKey,
  ) {}

  register(apiKey = this.apiKey) {
    return deviceCall<Device>(
      apiPath('deviceRegister'),
      { serial: this.serial, displayName: this.displayName },
      apiKey,
    );
  }

  raiseSos(apiKey = this.apiKey) {
    return deviceCall<Sos>(apiPath('deviceSos'), { serial: this.serial }, apiKey);
  }

  /** An SOS saying what it is about (a smoke detector's FIRE, a fall detector's FALL). */
  raiseSosOfKind(kind: AlarmKind, apiKey = this.apiKey) {
    return deviceCall<Sos>(apiPath('deviceSos'), { serial: this.serial, kind }, apiKey);
  }

  /** A periodic test (docs/expected-events.md): a contact, no SOS; clears "Test periodico mancante". */
  test(apiKey = this.apiKey) {
    return deviceCall<null>(apiPath('deviceTest'), { serial: this.serial }, apiKey);
  }

  /** A resident's check-in: a contact, no SOS. */
  checkIn(apiKey = this.apiKey) {
    return deviceCall<null>(apiPath('deviceCheckin'), { serial: this.serial }, apiKey);
  }

  heartbeat(apiKey = this.apiKey, battery?: number) {
    const body = battery === undefined ? { serial: this.serial } : { serial: this.serial, battery };
    return deviceCall<null>(apiPath('deviceHeartbeat'), body, apiKey);
  }
}

/** Registers a device and fails loudly if the server refuses it. */
export async function registerDevice(
  displayName: string,
): Promise<{ sim: SimDevice; device: Device }> {
  const sim = new SimDevice(uid('SN'), displayName);
  const answer = await sim.register();
  if (answer.status !== 201)
    throw new Error(`register ${displayName}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { sim, device: answer.body };
}

/** Raises an SOS and fails loudly if the server refuses it. */
export async function raiseSos(sim: SimDevice): Promise<Sos> {
  const answer = await sim.raiseSos();
  if (answer.status !== 201 && answer.status !== 200) {
    throw new Error(`sos ${sim.displayName}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}
