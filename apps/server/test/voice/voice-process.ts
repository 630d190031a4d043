import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath, authResponseSchema, voiceCredentialsSchema, API_KEY_HEADER } from '@sos/contract';
import { TEST_ENV } from '../helpers/app.js';
import { spawnServer, waitForUrl, type ServerProcess } from '../helpers/process.js';
import { processesNaming } from '../../src/voice/leftovers.js';

/**
 * A real server process with managed voice (docs/voice.md), for what only a process can show:
 * being killed. Embedded database in a folder that outlives the process, so a restart finds
 * the same data; the same SIP port and secret, so it finds the same Kamailio and rtpengine.
 */
const KEY = 'voice-process-device-key';
const PASSWORD = 'voice-process-admin-password';

export class VoiceServer {
  readonly data = mkdtempSync(join(tmpdir(), 'sos-voice-server-'));
  process: ServerProcess | undefined;
  url = '';

  constructor(
    readonly sipPort: number,
    readonly secret: string,
    /** The HTTP port: fixed, so the restarted server gives Kamailio the same address (adoption). */
    readonly httpPort = 0,
  ) {}

  /** Spawns it; resolves once it is running (`listening: false` returns at once). */
  async start(listening = true): Promise<void> {
    this.process = spawnServer({
      PORT: String(this.httpPort),
      SOS_DATA_DIR: this.data,
      SOS_JWT_SECRET: TEST_ENV.SOS_JWT_SECRET!,
      SOS_ADMIN_USERNAME: 'admin',
      SOS_ADMIN_PASSWORD: PASSWORD,
      SOS_DEVICE_API_KEY: KEY,
      SOS_VOICE_SIP_PORT: String(this.sipPort),
      SOS_VOICE_RTP_PORTS: `${this.sipPort + 3}-${this.sipPort + 200}`,
      SOS_VOICE_SECRET: this.secret,
    });
    if (listening) this.url = await waitForUrl(this.process);
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    if (!this.process || this.process.child.exitCode !== null) return;
    this.process.child.kill(signal);
    await this.process.exited;
  }

  /** The processes of its Kamailio and rtpengine (their folder is named after the SIP port). */
  daemons() {
    return processesNaming(join(tmpdir(), `sos-voice-${this.sipPort}`) + '/');
  }

  async signIn(): Promise<string> {
    const res = await fetch(this.url + apiPath('login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    return authResponseSchema.parse(await res.json()).access_token;
  }

  async credentials(token: string) {
    const res = await fetch(this.url + apiPath('voiceCredentials'), {
      headers: { authorization: `Bearer ${token}` },
    });
    return voiceCredentialsSchema.parse(await res.json());
  }

  /** Registers a device and raises its SOS through the device API; resolves with the response. */
  async device(name: 'deviceRegister' | 'deviceSos', serial: string) {
    return fetch(this.url + apiPath(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [API_KEY_HEADER]: KEY },
      body: JSON.stringify(
        name === 'deviceRegister' ? { serial, displayName: serial } : { serial },
      ),
    });
  }

  async get(path: string, token: string) {
    return fetch(this.url + path, { headers: { authorization: `Bearer ${token}` } });
  }
}
