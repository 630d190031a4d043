import { apiFields } from '@sos/contract';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';
import { trustProxySchema } from './throttle/trust-proxy.js';

/**
 * The only module that reads process.env. Every variable is validated here; a bad
 * value stops the start with a message that names the variable.
 */
const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  /** Node's mode: `development` turns on the dev tools' conveniences, nothing the server needs. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** The HTTP port the server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** The address the server (and its receivers) listen at; `0.0.0.0` for every interface. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** A PostgreSQL connection string; unset: the embedded database in SOS_DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  /** The embedded database's folder (locked while a server runs). */
  SOS_DATA_DIR: z.string().min(1).default('./data'),
  // The first account and key obey the contract's rules for the same API fields, so the
  // server never stores what its own API would refuse (docs/operations.md, Configuration).
  /** The first super administrator, created only when no user exists. */
  SOS_ADMIN_USERNAME: apiFields.username.default('admin'),
  /** That administrator's password; unset: generated and printed once. */
  SOS_ADMIN_PASSWORD: apiFields.password.optional(),
  /** The first device API key, only when none is stored; unset: generated and printed. */
  SOS_DEVICE_API_KEY: apiFields.apiKey.optional(),
  /** Signing key of access tokens (at least 32 characters); unset: generated and stored in the database. */
  SOS_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Access token lifetime, in seconds. */
  SOS_ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(10).max(86_400).default(900),
  /** Refresh token lifetime, in seconds. */
  SOS_REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(60).max(31_536_000).default(604_800),
  /** How many live events the outbox keeps for clients that reconnect. */
  SOS_EVENT_RETENTION: z.coerce.number().int().min(100).max(10_000_000).default(100_000),
  /** Device API calls allowed per device per minute. */
  SOS_DEVICE_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  /** /api calls per minute per signed-in user, or per client address (docs/security.md). */
  SOS_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Failed logins per (username, address) in 5 minutes before that pair is refused. */
  SOS_LOGIN_FAILURES_PER_PAIR: z.coerce.number().int().min(1).max(1000).default(5),
  /** Failed logins per address in 5 minutes before its logins are paced to one a second. */
  SOS_LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Wrong device API keys per address in a minute before its wrong-key calls get 429. */
  SOS_KEY_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Unverifiable bearer tokens per address in a minute before further ones get 429. */
  SOS_TOKEN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Proxies whose X-Forwarded-For is believed: a hop count, or addresses and CIDRs. */
  SOS_TRUST_PROXY: trustProxySchema.optional(),
  /** The bearer token /metrics answers to; unset: /metrics is off (404). */
  SOS_METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it travels in a header)')
    .max(512)
    .optional(),
  /** The SIA DC-09 receiver's port, TCP and UDP, at HOST (docs/receivers.md); unset: off. */
  SOS_DC09_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The DC-09 AES key in hex (32/48/64 digits: AES-128/192/256); set, only encrypted frames. */
  SOS_DC09_KEY: z
    .string()
    .trim()
    .regex(
      /^(?:[0-9A-Fa-f]{32}|[0-9A-Fa-f]{48}|[0-9A-Fa-f]{64})$/,
      'must be 32, 48 or 64 hex digits (AES-128/192/256)',
    )
    .optional(),
  /** The SCAIP receiver's port, SIP over UDP and TCP, at HOST; unset: off. */
  SOS_SCAIP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Voice (docs/voice.md): Kamailio's SIP port, UDP and TCP; unset: voice is off. */
  SOS_VOICE_SIP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The host units, phones and the trunk reach Kamailio and rtpengine at; unset: HOST. */
  SOS_VOICE_PUBLIC_HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address')
    .optional(),
  /** true: the server runs Kamailio and rtpengine itself; false: they run as services. */
  SOS_VOICE_MANAGED: boolish.default(true),
  /** rtpengine's UDP port range for media, `first-last`. */
  SOS_VOICE_RTP_PORTS: z
    .string()
    .regex(/^\d{1,5}-\d{1,5}$/, 'must be a range such as 30000-30999')
    .transform((range) => range.split('-').map(Number) as [number, number])
    .refine(
      ([min, max]) => min >= 1024 && max <= 65535 && max - min >= 3,
      'must be a range of at least 4 ports within 1024-65535',
    )
    .default([30000, 30999]),
  /** Where numbers are dialled: the centre's PBX or carrier, a sip: URI; unset: a registered user. */
  SOS_VOICE_TRUNK: z
    .string()
    .regex(
      /^sips?:[A-Za-z0-9._~+-]+(:\d{1,5})?(;[A-Za-z0-9=._-]+)*$/,
      'must be a SIP URI such as sip:pbx.example.org:5060',
    )
    .optional(),
  /** Shared with Kamailio (events, routing questions, credentials); unset: generated and stored. */
  SOS_VOICE_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  /** The built console to serve; unset: apps/console/dist. */
  SOS_CONSOLE_DIR: z.string().min(1).optional(),
  /** Who runs this server, for the push services (VAPID `sub`, docs/push.md): mailto: or https:. */
  SOS_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
    .default('mailto:admin@localhost'),
  /** Tests only: accept http: push endpoints on loopback addresses (a local push service). */
  SOS_PUSH_ALLOW_HTTP: boolish.default(false),
  /** The time zone of the reports' days (docs/alarm-handling.md): an IANA name the server and PostgreSQL know. */
  TZ: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Rome')
    .default('Europe/Rome'),
  /**
   * pino level. At `info` one line per answered request, but the device API's successes
   * (register, SOS, heartbeat) only at `debug`; refused requests (401, 403, 429) are warnings.
   */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Readable logs (`true`) or JSON lines (`false`); unset: readable in a terminal only. */
  LOG_PRETTY: boolish.optional(),
  /** `npm run dev` only (scripts/dev.mjs, the console's vite.config.ts). The server ignores both. */
  CONSOLE_DEV_PORT: z.coerce.number().int().min(1).max(65535).default(5173),
  /** Where that dev server sends /api; unset: the server `npm run dev` starts (PORT, HOST). */
  CONSOLE_DEV_API_TARGET: z.url({ protocol: /^https?$/ }).optional(),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses a set of variables (process.env by default, after reading .env). */
export function loadEnv(source?: Record<string, string | undefined>): Env {
  if (!source) loadDotenv({ quiet: true });
  const raw = source ?? process.env;
  // An empty variable means "unset", as in most shells' .env conventions.
  const cleaned = Object.fromEntries(
    Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return parsed.data;
}

/** Whether stdout is a terminal: pretty logs there, JSON elsewhere. */
export function isInteractive(): boolean {
  return Boolean(process.stdout.isTTY);
}
