import { z } from 'zod';
import { alarmKindSchema } from './kinds.js';

/**
 * Web Push (docs/push.md): the browser subscribes with the server's VAPID public key and
 * hands the server its push endpoint and keys; the server pushes an encrypted payload on
 * every new SOS, escalation and device going offline.
 */

/** Base64url without padding, the encoding of PushSubscription keys and the VAPID key. */
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Decoded length of a base64url string (padding-free), or -1 when it is not base64url. */
export function base64urlBytes(value: string): number {
  const text = value.replace(/=+$/, '');
  if (!BASE64URL.test(text) || text.length % 4 === 1) return -1;
  return Math.floor((text.length * 3) / 4);
}

/** The first byte of a base64url string, or -1. */
function firstByte(value: string): number {
  const text = value.replace(/=+$/, '');
  if (!BASE64URL.test(text) || text.length < 2) return -1;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return (alphabet.indexOf(text[0]!) << 2) | (alphabet.indexOf(text[1]!) >> 4);
}

/** Hosts an `http:` endpoint may name, and only with SOS_PUSH_ALLOW_HTTP (tests). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** `https:` anywhere, or `http:` on a loopback host (the server refuses that one unless allowed). */
export const pushEndpointSchema = z
  .string()
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  }, 'must be an https: URL');

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    /** The browser's P-256 public key: 65 bytes, uncompressed (0x04 first). */
    p256dh: z
      .string()
      .refine(
        (v) => base64urlBytes(v) === 65 && firstByte(v) === 0x04,
        'must be a base64url uncompressed P-256 point (65 bytes starting 0x04)',
      ),
    /** The browser's authentication secret: 16 bytes. */
    auth: z.string().refine((v) => base64urlBytes(v) === 16, 'must be 16 bytes, base64url'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeQuerySchema = z.object({ endpoint: z.string().min(1).max(2000) });

/** GET /api/push/key: base64url of the 65-byte P-256 point (applicationServerKey). */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

export const PUSH_TYPES = ['NEW_SOS', 'SOS_ESCALATED', 'DEVICE_OFFLINE'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/**
 * What a push carries, decrypted by the service worker: enough to word the notification and
 * open the right SOS without a call to the server (the phone may be locked, offline or
 * signed out by then). `at`: the raise, escalation or offline time.
 */
export const pushPayloadSchema = z.object({
  type: z.enum(PUSH_TYPES),
  sosId: z.number().int().nullable(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  kind: alarmKindSchema.nullable(),
  at: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** Headers every push is sent with. */
export const PUSH_TTL_SECONDS = 300;
