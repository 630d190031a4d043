// First: moves E2E_PORT to the voice server's before env.ts reads it.
import { VOICE, VOICE_MISSING } from './voice.env.js';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';
import { sineWav } from './support/baresip.js';

/*
 * The voice end-to-end run (docs/voice.md): its own server with voice on (managed Kamailio and
 * rtpengine), and Chromium with a fake microphone playing 440 Hz. `npm run test:voice -w e2e`.
 * Without the packages the server starts with voice off and the spec says it is skipped.
 */
sineWav(VOICE.micWav, 440, 30);
// The suite's server, with voice on (when the packages are there).
const server = base.webServer as { command: string; url: string; env: Record<string, string> };

export default defineConfig({
  ...base,
  testMatch: /voice\.spec\.ts/,
  testIgnore: [],
  // The voice run's one project, in the suite's browser (its light shell when installed).
  projects: [{ name: 'chromium' }],
  outputDir: './artifacts/voice-results',
  reporter: [['list']],
  use: {
    ...base.use,
    permissions: ['microphone'],
    launchOptions: {
      ...base.use?.launchOptions,
      args: [
        ...(base.use?.launchOptions?.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${VOICE.micWav}`,
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  webServer: {
    ...server,
    // SIGTERM: the server stops the Kamailio and rtpengine it runs (a SIGKILL would leave them).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    env: {
      ...server.env,
      ...(VOICE_MISSING.length === 0
        ? {
            SOS_VOICE_SIP_PORT: String(VOICE.sipPort),
            SOS_VOICE_RTP_PORTS: VOICE.rtpPorts,
            SOS_VOICE_SECRET: VOICE.secret,
          }
        : {}),
    },
  },
});
