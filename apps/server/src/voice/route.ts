import { and, eq, isNull } from 'drizzle-orm';
import { VOICE_CALLBACK_PREFIX, type VoiceRoute } from '@sos/contract';
import type { Tx } from '../db/client.js';
import { sessions, sos, users } from '../db/schema.js';
import { matchCaller } from './caller.js';
import { operatorIdOf } from './credentials.js';

/**
 * Kamailio's routing questions (GET /api/voice/route, docs/voice.md): who calls sos@, where
 * callback-<sosId> goes, and whether an operator may (still) register.
 */

/**
 * A value for an X-SOS-* header: what a number or a SIP user is made of reads as is, anything
 * else (a name's spaces and accents, a stray CR/LF) is percent-encoded UTF-8.
 */
export function headerSafe(value: string): string {
  return Array.from(new TextEncoder().encode(value), (byte) => {
    const c = String.fromCharCode(byte);
    return /[A-Za-z0-9+*#._~-]/.test(c)
      ? c
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

/** Who calls sos@: the device and its open SOS when one matched, and always the caller. */
export async function inboundRoute(tx: Tx, from: string): Promise<VoiceRoute> {
  const match = await matchCaller(tx, from);
  return {
    deviceId: match?.deviceId ?? null,
    deviceName: match ? headerSafe(match.deviceName) : null,
    sosId: match?.sosId ?? null,
    caller: headerSafe(from),
    unit: match ? match.by === 'UNIT' : null,
    target: null,
  };
}

/** callback-<sosId> → the crd its SCAIP alarm gave, while that SOS is open; else null. */
export async function callBackTarget(tx: Tx, to: string): Promise<string | null> {
  const match = new RegExp(`^${VOICE_CALLBACK_PREFIX}([1-9][0-9]{0,9})$`).exec(to);
  if (!match || Number(match[1]) > 2_147_483_647) return null;
  const [row] = await tx
    .select({ uri: sos.callBackUri })
    .from(sos)
    .where(and(eq(sos.id, Number(match[1])), eq(sos.state, 'OPEN')));
  return row?.uri ?? null;
}

/**
 * Whether an operator's SIP user may register: the user exists and has a session still open.
 * A deleted user (cascade), a demoted one (its sessions end, docs/shift.md) or one signed out
 * everywhere cannot register again, whatever credentials he kept.
 */
export async function mayRegister(tx: Tx, sipUser: string): Promise<boolean> {
  const userId = operatorIdOf(sipUser);
  if (userId === null) return false;
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(sessions, and(eq(sessions.userId, users.id), isNull(sessions.revokedAt)))
    .where(eq(users.id, userId))
    .limit(1);
  return row !== undefined;
}
