import { z } from 'zod';
import { isoDateSchema } from './common.js';

/**
 * Voice (docs/voice.md): the console's softphone registers with Kamailio over SIP on a
 * WebSocket at its own origin, the server proxies it; Kamailio reports each call to the server.
 */

/** Where the console opens SIP over WebSocket (subprotocol `sip`), at its own origin. */
export const VOICE_WS_PATH = '/voice/ws';

/** The SIP user every unit and trunk calls: Kamailio forks it to every registered operator. */
export const VOICE_SOS_USER = 'sos';

/** `sip:callback-<sosId>@domain` calls back a SCAIP call-back unit (its crd stays on the server). */
export const VOICE_CALLBACK_PREFIX = 'callback-';

/** Headers Kamailio adds to an inbound INVITE (the banner's caller), and the console sends out. */
export const VOICE_HEADERS = {
  deviceId: 'X-SOS-Device-Id',
  /** Percent-encoded UTF-8 display name. */
  deviceName: 'X-SOS-Device-Name',
  sosId: 'X-SOS-Id',
  /** The number or SIP user that calls, shown when no device matched. */
  caller: 'X-SOS-Caller',
  /** `1`: the caller is the SCAIP unit itself (its DTMF controls apply); `0`: a phone of its profile. */
  unit: 'X-SOS-Unit',
} as const;

/** How long the ephemeral credentials are valid (12 h). */
export const VOICE_CREDENTIALS_TTL_S = 12 * 3600;

/**
 * GET /api/voice/credentials (signed-in): ephemeral HMAC credentials for this user, checked by
 * Kamailio's auth_ephemeral. The console registers `sip:<username>@<domain>` and fetches new
 * ones before `expiresAt`. 404 VOICE_DISABLED when voice is off.
 */
export const voiceCredentialsSchema = z.object({
  domain: z.string(),
  /** `<expiry unix seconds>:<sip user>`, as auth_ephemeral wants it. */
  username: z.string(),
  password: z.string(),
  expiresAt: isoDateSchema,
  wsPath: z.literal(VOICE_WS_PATH),
});
export type VoiceCredentials = z.infer<typeof voiceCredentialsSchema>;

/** The SIP user an operator registers as: the part of the username after the expiry. */
export function voiceUserOf(username: string): string {
  const colon = username.indexOf(':');
  return colon < 0 ? username : username.slice(colon + 1);
}

export const VOICE_DIRECTIONS = ['IN', 'OUT'] as const;
export const voiceDirectionSchema = z.enum(VOICE_DIRECTIONS);
export type VoiceDirection = z.infer<typeof voiceDirectionSchema>;

/** How a CALL entry came to be: from the SIP side, or a result button (a call on another phone). */
export const CALL_VIA = ['VOICE', 'MANUAL'] as const;
export const callViaSchema = z.enum(CALL_VIA);
export type CallVia = z.infer<typeof callViaSchema>;

const sipText = z.string().trim().max(256);
/** Kamailio's clock, `$TV(Sn)`: unix seconds with microseconds. */
const unixS = z.number().nonnegative();

/**
 * POST /api/voice/events (Kamailio only; `Authorization: Bearer <SOS_VOICE_SECRET>`): a call's
 * progress and end. `answer` when the callee picks up; `end` once, with the SIP final code of
 * an unanswered call or 200 with both times of an answered one. Repeats (Kamailio retries until
 * a 2xx) change nothing: a call is known by its Call-ID.
 */
export const voiceEventSchema = z.object({
  event: z.enum(['answer', 'end']),
  callId: z.string().trim().min(1).max(256),
  direction: voiceDirectionSchema,
  /** The SIP user that called (a unit's number, an operator's user, a trunk's caller id). */
  from: sipText,
  /** The SIP user called (`sos`, a number, `callback-<sosId>`). */
  to: sipText,
  /** X-SOS-Id of the INVITE (outbound), or the SOS the routing question found (inbound). */
  sosId: z.coerce.number().int().positive().nullish(),
  /** The operator's SIP user on the answered/placing side, when an operator took part. */
  operator: sipText.nullish(),
  /** SIP final code (`end`): 200 for an answered call. */
  code: z.coerce.number().int().min(100).max(699).nullish(),
  /** When the call was answered (`answer`, and `end` of an answered call). */
  answeredAt: unixS.nullish(),
  /** When it ended (`end`). */
  endedAt: unixS.nullish(),
});
export type VoiceEvent = z.infer<typeof voiceEventSchema>;

/**
 * GET /api/voice/route?from=&to= (Kamailio only, the secret): who calls (inbound), or where a
 * `callback-<sosId>` goes. Kamailio copies the non-null fields into X-SOS-* headers.
 */
export const voiceRouteQuerySchema = z.object({
  from: sipText.default(''),
  to: sipText.default(''),
});
export const voiceRouteSchema = z.object({
  deviceId: z.number().int().nullable(),
  /** Percent-encoded UTF-8, ready for a header. */
  deviceName: z.string().nullable(),
  sosId: z.number().int().nullable(),
  caller: z.string(),
  /** The caller is the device's unit itself (true), a phone of its profile (false); null: no device. */
  unit: z.boolean().nullable(),
  /** Call-back only: the unit's crd SIP URI. */
  target: z.string().nullable(),
});
export type VoiceRoute = z.infer<typeof voiceRouteSchema>;
