import { networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

/**
 * The values of one installation for deploy/voice/kamailio.cfg (its sos-voice-local.cfg) and
 * rtpengine's command line, from the server's variables (docs/voice.md). Ports beside the SIP
 * port: Kamailio's WebSocket (loopback, the server's /voice/ws) is SIP + 1, rtpengine's
 * control socket SIP + 2.
 */
export interface VoiceSettings {
  /** SOS_VOICE_SIP_PORT. */
  sipPort: number;
  /** HOST: where Kamailio and rtpengine listen. */
  host: string;
  /** SOS_VOICE_PUBLIC_HOST: what units and the trunk reach; also the operators' SIP domain. */
  publicHost: string | undefined;
  rtpPorts: readonly [number, number];
  /** SOS_VOICE_TRUNK (a sip: URI). */
  trunk: string | undefined;
  /** The SCAIP receiver's port, where MESSAGEs go (SOS_SCAIP_PORT); null: no receiver. */
  scaipPort: number | null;
}

export const wsPortOf = (sipPort: number) => sipPort + 1;
const rtpengineNgPortOf = (sipPort: number) => sipPort + 2;

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** An address to listen on and to advertise when HOST is a wildcard: the first external IPv4. */
function firstExternalIPv4(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? [])
      if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return '127.0.0.1';
}

/** HOST as an address rtpengine can bind (it needs one), loopback for 'localhost'. */
function mediaAddress(host: string): string {
  if (WILDCARDS.has(host)) return firstExternalIPv4();
  if (host === 'localhost') return '127.0.0.1';
  return host;
}

/** The SIP domain and advertised host. */
export function publicHostOf(settings: Pick<VoiceSettings, 'host' | 'publicHost'>): string {
  return settings.publicHost ?? mediaAddress(settings.host);
}

const quote = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** sos-voice-local.cfg: the preprocessor lines kamailio.cfg includes. */
export function kamailioLocalCfg(settings: VoiceSettings, apiUrl: string, secret: string): string {
  const listen = WILDCARDS.has(settings.host) ? '0.0.0.0' : mediaAddress(settings.host);
  const domain = publicHostOf(settings);
  const lines = [
    '# Written by the server (SOS_VOICE_MANAGED): the values of deploy/voice/kamailio.cfg.',
    `#!substdef "!SOS_SIP_ADDR!${listen}!g"`,
    `#!substdef "!SOS_SIP_PORT!${settings.sipPort}!g"`,
    `#!substdef "!SOS_WS_PORT!${wsPortOf(settings.sipPort)}!g"`,
    `#!substdef "!SOS_PUBLIC_HOST!${domain}!g"`,
    `#!substdef "!SOS_DOMAIN_TOKEN!${domain}!g"`,
    `#!define SOS_DOMAIN ${quote(domain)}`,
    `#!define SOS_API ${quote(apiUrl)}`,
    `#!define SOS_SECRET ${quote(secret)}`,
    `#!define SOS_AUTH_HEADER ${quote(`Authorization: Bearer ${secret}`)}`,
    `#!define SOS_JSON_HEADERS "Authorization: Bearer ${secret.replace(/["\\]/g, (c) => `\\${c}`)}\\r\\nContent-Type: application/json"`,
    `#!define SOS_RTPENGINE ${quote(`udp:127.0.0.1:${rtpengineNgPortOf(settings.sipPort)}`)}`,
  ];
  if (settings.scaipPort !== null)
    lines.push(`#!define SOS_SCAIP ${quote(`sip:127.0.0.1:${settings.scaipPort}`)}`);
  if (settings.trunk)
    lines.push(`#!define SOS_TRUNK ${quote(settings.trunk.replace(/^sips?:/, ''))}`);
  return `${lines.join('\n')}\n`;
}

/** rtpengine's arguments: media on HOST (advertised as the public host when it is an address). */
export function rtpengineArgs(settings: VoiceSettings, pidFile: string): string[] {
  const local = mediaAddress(settings.host);
  const advertised =
    settings.publicHost && isIP(settings.publicHost) && settings.publicHost !== local
      ? `!${settings.publicHost}`
      : '';
  return [
    '--config-file=none',
    '--foreground',
    '--log-stderr',
    '--log-level=5',
    // No kernel forwarding: the userspace relay needs no module and no privileges.
    '--table=-1',
    `--interface=${local}${advertised}`,
    `--listen-ng=127.0.0.1:${rtpengineNgPortOf(settings.sipPort)}`,
    `--port-min=${settings.rtpPorts[0]}`,
    `--port-max=${settings.rtpPorts[1]}`,
    `--pidfile=${pidFile}`,
    // A call whose media stopped is forgotten after a minute (a unit that lost power).
    '--timeout=60',
  ];
}
