import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What managed voice needs installed (docs/voice.md), by Debian package: the programs, and
 * the Kamailio modules that ship in packages of their own.
 */
const PROGRAMS = [
  { file: 'kamailio', pkg: 'kamailio' },
  { file: 'rtpengine', pkg: 'rtpengine-daemon' },
] as const;
const MODULES = [
  { file: 'websocket.so', pkg: 'kamailio-websocket-modules' },
  { file: 'auth_ephemeral.so', pkg: 'kamailio-autheph-modules' },
  { file: 'http_client.so', pkg: 'kamailio-utils-modules' },
  { file: 'json.so', pkg: 'kamailio-json-modules' },
] as const;

/**
 * Every Debian package managed voice needs, for the refusal's apt-get line.
 * @public scripts/demo.mjs imports it from dist, where knip does not look.
 */
export const VOICE_PACKAGES = [...PROGRAMS, ...MODULES].map((p) => p.pkg);

/** Where packages put programs (Debian: daemons in sbin); PATH is not read (only env.ts reads the environment). */
const BIN_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** The full path of a program, or null. */
function findProgram(name: string): string | null {
  for (const dir of BIN_DIRS) {
    const file = join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

/** Where Debian (any architecture), RPM distributions and source builds put Kamailio's modules. */
function moduleDirs(): string[] {
  const multiarch = existsSync('/usr/lib')
    ? readdirSync('/usr/lib', { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name.includes('-linux-'))
        .map((d) => `/usr/lib/${d.name}/kamailio/modules`)
    : [];
  return [
    ...multiarch,
    '/usr/lib/kamailio/modules',
    '/usr/lib64/kamailio/modules',
    '/usr/local/lib64/kamailio/modules',
    '/usr/local/lib/kamailio/modules',
  ];
}

export interface VoicePrograms {
  kamailio: string;
  rtpengine: string;
}

/** The programs, or the Debian packages that are missing. */
export function findVoicePrograms(): VoicePrograms | { missing: string[] } {
  const missing: string[] = [];
  const found = PROGRAMS.map((p) => {
    const file = findProgram(p.file);
    if (!file) missing.push(p.pkg);
    return file;
  });
  const dirs = moduleDirs();
  for (const m of MODULES)
    if (!dirs.some((dir) => existsSync(join(dir, m.file)))) missing.push(m.pkg);
  if (missing.length > 0) return { missing };
  return { kamailio: found[0]!, rtpengine: found[1]! };
}

/** The refusal: names what is missing and how to install it. */
export function missingPackagesMessage(missing: string[]): string {
  return (
    `Voice is on (SOS_VOICE_SIP_PORT) and managed, but the Debian package${missing.length > 1 ? 's' : ''} ` +
    `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not installed: apt-get install ${missing.join(' ')} ` +
    '(or run Kamailio and rtpengine as services with SOS_VOICE_MANAGED=false, docs/voice.md)'
  );
}
