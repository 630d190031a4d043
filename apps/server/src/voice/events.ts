import { eq, sql } from 'drizzle-orm';
import { LIVE_EVENTS, type SosTimelineEntry, type VoiceEvent } from '@sos/contract';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { sosTarget } from '../audit/targets.js';
import type { Db, Tx } from '../db/client.js';
import { devices, sos, sosTimeline, users, voiceCalls } from '../db/schema.js';
import { appendEvent } from '../live/outbox.js';
import { callableProfile, callOf } from '../sos/calls.js';
import { operatorIdOf } from './credentials.js';
import { voiceCallee, type VoiceCallee } from './callee.js';
import { callResultOf, durationOf } from './outcome.js';

/**
 * Kamailio's call events → the SOS's record (docs/voice.md). `end` writes the CALL entry
 * (once per SIP Call-ID, whatever Kamailio repeats); the VOICE_CALL audit record is written
 * once per call an operator answered or placed. Nothing here depends on a browser.
 */

/** The audit's "address" of what the SIP side reports: no client, the voice service. */
const VOICE_ADDRESS = 'voice';

export type VoiceEventOutcome =
  { written: SosTimelineEntry } | { skipped: 'NO_SOS' | 'NOT_OPEN' | 'REPEAT' | 'PROGRESS' };

async function operatorOf(tx: Tx, sipUser: string | null | undefined) {
  const id = operatorIdOf(sipUser);
  if (id === null) return null;
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** VOICE_CALL `{sosId, direction, to}`, once per call (never a number: it is a profile value). */
async function auditOnce(
  tx: Tx,
  event: VoiceEvent,
  operator: { id: number; username: string },
  to: VoiceCallee['to'] | null,
) {
  const [first] = await tx
    .insert(voiceCalls)
    .values({ callId: event.callId })
    .onConflictDoNothing()
    .returning({ callId: voiceCalls.callId });
  if (!first) return;
  const by: AuditBy = { actor: operator, address: VOICE_ADDRESS };
  await appendAudit(tx, {
    by,
    action: 'VOICE_CALL',
    target: event.sosId ? sosTarget(event.sosId) : null,
    details: { sosId: event.sosId ?? null, direction: event.direction, to },
  });
}

/** Who the call is with, read without a lock (the audit of an answer names it). */
async function calleeOnSos(tx: Tx, event: VoiceEvent, sosId: number): Promise<VoiceCallee | null> {
  const [target] = await tx
    .select({ deviceId: sos.deviceId, deviceName: devices.displayName })
    .from(sos)
    .innerJoin(devices, eq(devices.id, sos.deviceId))
    .where(eq(sos.id, sosId));
  return target
    ? voiceCallee(event, await callableProfile(tx, target.deviceId), target.deviceName)
    : null;
}

async function writeEnd(tx: Tx, event: VoiceEvent & { sosId: number }): Promise<VoiceEventOutcome> {
  // FOR SHARE, as for a logged call: no CALL entry lands after the SOS's CLOSED entry.
  const [target] = await tx
    .select({ state: sos.state, deviceId: sos.deviceId, deviceName: devices.displayName })
    .from(sos)
    .innerJoin(devices, eq(devices.id, sos.deviceId))
    .where(eq(sos.id, event.sosId))
    .for('share', { of: sos });
  if (!target) return { skipped: 'NO_SOS' };
  if (target.state !== 'OPEN') return { skipped: 'NOT_OPEN' };
  const callee = voiceCallee(event, await callableProfile(tx, target.deviceId), target.deviceName);
  const code = event.code ?? 200;
  const result = callResultOf(code);
  const answered = result === 'ANSWERED';
  const operator = await operatorOf(tx, event.operator);
  // An unanswered inbound call was nobody's; any other is the operator's who took part.
  const by = event.direction === 'IN' && !answered ? null : operator;
  const [row] = await tx
    .insert(sosTimeline)
    .values({
      sosId: event.sosId,
      type: 'CALL',
      byId: by?.id ?? null,
      byUsername: by?.username ?? null,
      text: null,
      callTo: callee.to,
      callContactIndex: callee.contactIndex,
      callName: callee.name,
      callPhone: callee.phone,
      callResult: result,
      callVia: 'VOICE',
      callDirection: event.direction,
      callDurationS: answered ? durationOf(event.answeredAt, event.endedAt) : null,
      callVoiceId: event.callId,
    })
    .onConflictDoNothing({ target: sosTimeline.callVoiceId, where: sql`call_voice_id IS NOT NULL` })
    .returning();
  if (!row) return { skipped: 'REPEAT' };
  if (operator && (event.direction === 'OUT' || answered))
    await auditOnce(tx, event, operator, callee.to);
  const entry: SosTimelineEntry = {
    at: row.at.toISOString(),
    type: 'CALL',
    by: by ? { id: by.id, username: by.username } : null,
    text: null,
    call: callOf(row)!,
  };
  // The live event last: the outbox's ordering lock is never followed by a row lock.
  await appendEvent(tx, LIVE_EVENTS.sosNote, { sosId: event.sosId, entry });
  return { written: entry };
}

/** One event, in its own transaction; a repeat finds its work done and changes nothing. */
export async function recordVoiceEvent(db: Db, event: VoiceEvent): Promise<VoiceEventOutcome> {
  if (event.sosId == null) return { skipped: 'NO_SOS' };
  const sosId = event.sosId;
  return db.transaction(async (tx) => {
    // The audit chain's lock first, before the SOS row's (docs/audit.md).
    await lockAuditChain(tx);
    if (event.event === 'answer') {
      const operator = await operatorOf(tx, event.operator);
      if (operator)
        await auditOnce(tx, event, operator, (await calleeOnSos(tx, event, sosId))?.to ?? null);
      return { skipped: 'PROGRESS' };
    }
    return writeEnd(tx, { ...event, sosId });
  });
}
