import type { Env } from './env.js';
import type { VoicePluginOptions } from './plugins/app/voice.js';

/** Voice's options from the variables (docs/voice.md); undefined when SOS_VOICE_SIP_PORT is unset. */
export function voiceOptionsOf(env: Env): VoicePluginOptions | undefined {
  if (env.SOS_VOICE_SIP_PORT === undefined) return undefined;
  return {
    managed: env.SOS_VOICE_MANAGED,
    secret: env.SOS_VOICE_SECRET,
    settings: {
      sipPort: env.SOS_VOICE_SIP_PORT,
      host: env.HOST,
      publicHost: env.SOS_VOICE_PUBLIC_HOST,
      rtpPorts: env.SOS_VOICE_RTP_PORTS,
      trunk: env.SOS_VOICE_TRUNK,
      scaipPort: env.SOS_SCAIP_PORT ?? null,
    },
  };
}

/** Where Kamailio reaches this server: loopback when it listens everywhere. */
export function apiUrlOf(bound: string, port: number): string {
  const host = bound === '0.0.0.0' || bound === '::' ? '127.0.0.1' : bound;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
