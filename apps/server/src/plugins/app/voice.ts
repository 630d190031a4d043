import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ensureSetting, SETTING_KEYS } from '../../db/settings.js';
import { publicHostOf, wsPortOf, type VoiceSettings } from '../../voice/config.js';
import { startManagedVoice, type ManagedVoice } from '../../voice/managed.js';
import { findVoicePrograms, missingPackagesMessage } from '../../voice/packages.js';
import { voiceUpgradeHandler } from '../../voice/ws-proxy.js';

/** Voice is on (docs/voice.md): SOS_VOICE_* as the server reads them. */
export interface VoicePluginOptions {
  settings: VoiceSettings;
  /** SOS_VOICE_MANAGED: the server runs Kamailio and rtpengine. */
  managed: boolean;
  /** SOS_VOICE_SECRET; unset: generated and stored (managed only). */
  secret?: string | undefined;
}

interface VoiceRuntime {
  /** The operators' SIP domain. */
  domain: string;
  /** Shared with Kamailio. */
  secret: string;
  settings: VoiceSettings;
  /** Managed mode, once started: the daemons. */
  managed: ManagedVoice | null;
  /**
   * Managed mode: starts the daemons once the server listens (they call it back), with the
   * SCAIP receiver's actual port (MESSAGEs go there).
   */
  start(apiUrl: string, scaipPort: number | null): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Voice, or null when it is off (no SOS_VOICE_SIP_PORT): nothing of it runs. */
    voice: VoiceRuntime | null;
  }
}

async function voicePlugin(
  app: FastifyInstance,
  options: { voice?: VoicePluginOptions | undefined },
) {
  const voice = options.voice;
  if (!voice) {
    app.decorate('voice', null);
    return;
  }
  // Refuse to start at once, naming what is missing, rather than fail on the first call.
  const programs = voice.managed ? findVoicePrograms() : null;
  if (programs && 'missing' in programs) throw new Error(missingPackagesMessage(programs.missing));
  if (!voice.managed && !voice.secret) {
    throw new Error(
      'SOS_VOICE_SECRET: required when SOS_VOICE_MANAGED=false (the same value as in sos-voice-local.cfg, docs/voice.md)',
    );
  }
  const secret =
    voice.secret ??
    (await ensureSetting(app.db, SETTING_KEYS.voiceSecret, randomBytes(32).toString('base64url')));
  const runtime: VoiceRuntime = {
    domain: publicHostOf(voice.settings),
    secret,
    settings: voice.settings,
    managed: null,
    start: async (apiUrl, scaipPort) => {
      if (!programs || runtime.managed) return;
      runtime.settings = { ...voice.settings, scaipPort };
      runtime.managed = await startManagedVoice(
        programs,
        runtime.settings,
        apiUrl,
        secret,
        app.log,
      );
    },
  };
  app.decorate('voice', runtime);
  app.server.on('upgrade', voiceUpgradeHandler(wsPortOf(voice.settings.sipPort)));
  app.addHook('onClose', async () => {
    await runtime.managed?.stop();
  });
}

export default fp(voicePlugin, { name: 'voice', dependencies: ['db'], fastify: '5.x' });
