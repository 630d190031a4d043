import { eq } from 'drizzle-orm';
import {
  LIVE_EVENTS,
  type Sos,
  type SosCall,
  type SosCallBody,
  type SosTimelineEntry,
} from '@sos/contract';
import { appendAudit, lockAuditChain } from '../audit/append.js';
import type { AuditBy } from '../audit/by.js';
import { sosTarget } from '../audit/targets.js';
import type { Db, Tx } from '../db/client.js';
import { deviceProfiles, sos, sosTimeline } from '../db/schema.js';
import { appendEvent } from '../live/outbox.js';
import { findSos } from './repository.js';

/** Who logs the call: kept as id and username, so the record survives the user's deletion. */
export interface Caller {
  id: number;
  username: string;
}

/** A field of the call that the profile refuses, named as the request names it. */
interface CallRefused {
  error: 'INVALID';
  field: 'to' | 'contactIndex';
  message: string;
}
export type CallLogResult =
  | { entry: SosTimelineEntry }
  | { error: 'NOT_FOUND' }
  | { error: 'NOT_OPEN'; sos: Sos }
  | CallRefused;

type Callee = Pick<SosCall, 'contactIndex' | 'name' | 'phone'>;
/** What a call needs of the device's resident profile. */
export type CallableProfile = Pick<
  typeof deviceProfiles.$inferSelect,
  'residentName' | 'phone' | 'contacts'
>;

/** The phones of the device's profile (none written: no phone, no contacts). */
export async function callableProfile(tx: Tx, deviceId: number): Promise<CallableProfile> {
  const [row] = await tx
    .select({
      residentName: deviceProfiles.residentName,
      phone: deviceProfiles.phone,
      contacts: deviceProfiles.contacts,
    })
    .from(deviceProfiles)
    .where(eq(deviceProfiles.deviceId, deviceId));
  return row ?? { residentName: null, phone: null, contacts: [] };
}

/**
 * Who the call went to, copied from the profile as it is now: a RESIDENT call needs the
 * resident's phone; a CONTACT call an index of the profile's contacts, with a phone.
 */
function calleeOf(profile: CallableProfile, body: SosCallBody): Callee | CallRefused {
  if (body.to === 'RESIDENT') {
    if (profile.phone === null) {
      return {
        error: 'INVALID',
        field: 'to',
        message: "the resident has no phone in the device's profile",
      };
    }
    return { contactIndex: null, name: profile.residentName, phone: profile.phone };
  }
  const index = body.contactIndex ?? -1;
  const contact = profile.contacts[index];
  if (!contact) {
    const count = profile.contacts.length;
    const message =
      count === 0
        ? "the device's profile has no contacts"
        : `must be the index of one of the profile's ${count} contacts (0 to ${count - 1})`;
    return { error: 'INVALID', field: 'contactIndex', message };
  }
  if (contact.phone === null) {
    return {
      error: 'INVALID',
      field: 'contactIndex',
      message: `contact ${index} has no phone in the profile`,
    };
  }
  return { contactIndex: index, name: contact.name, phone: contact.phone };
}

type TimelineRow = typeof sosTimeline.$inferSelect;

/** The call a timeline row records, or undefined for a row that is not a CALL. */
export function callOf(row: TimelineRow): SosCall | undefined {
  if (
    row.type !== 'CALL' ||
    row.callTo === null ||
    row.callResult === null ||
    row.callPhone === null
  ) {
    return undefined;
  }
  return {
    to: row.callTo,
    contactIndex: row.callContactIndex,
    name: row.callName,
    phone: row.callPhone,
    result: row.callResult,
    via: row.callVia ?? 'MANUAL',
    direction: row.callDirection ?? 'OUT',
    durationS: row.callDurationS,
  };
}

/**
 * Records a call on an open SOS: the CALL entry and its `sos-note` event, in the caller's
 * transaction. FOR SHARE holds the SOS open until the call commits: a concurrent close waits,
 * so no call ever lands after the CLOSED entry. The event is this function's last write; the
 * outbox's ordering lock it takes must not be followed by a row lock (live/outbox.ts).
 */
async function writeCall(
  tx: Tx,
  sosId: number,
  user: Caller,
  body: SosCallBody,
): Promise<CallLogResult> {
  const [target] = await tx
    .select({ state: sos.state, deviceId: sos.deviceId })
    .from(sos)
    .where(eq(sos.id, sosId))
    .for('share');
  if (!target) return { error: 'NOT_FOUND' };
  if (target.state !== 'OPEN') return { error: 'NOT_OPEN', sos: (await findSos(tx, sosId))! };
  const callee = calleeOf(await callableProfile(tx, target.deviceId), body);
  if ('error' in callee) return callee;
  const [row] = await tx
    .insert(sosTimeline)
    .values({
      sosId,
      type: 'CALL',
      byId: user.id,
      byUsername: user.username,
      text: body.note || null,
      callTo: body.to,
      callContactIndex: callee.contactIndex,
      callName: callee.name,
      callPhone: callee.phone,
      callResult: body.result,
      callVia: 'MANUAL',
      callDirection: 'OUT',
    })
    .returning();
  const entry: SosTimelineEntry = {
    at: row!.at.toISOString(),
    type: 'CALL',
    by: { id: user.id, username: user.username },
    text: row!.text,
    call: callOf(row!)!,
  };
  await appendEvent(tx, LIVE_EVENTS.sosNote, { sosId, entry });
  return { entry };
}

/**
 * POST /api/sos/call: one call, in its own transaction. Whatever must commit with the call,
 * and only with it (an audit record), is written here, in `tx`, once `result` has an entry.
 */
export async function logCall(
  db: Db,
  sosId: number,
  user: Caller,
  body: SosCallBody,
  by: AuditBy,
): Promise<CallLogResult> {
  return db.transaction(async (tx) => {
    // The audit chain's lock first, before the SOS row's (docs/audit.md).
    await lockAuditChain(tx);
    const result = await writeCall(tx, sosId, user, body);
    // Who called whom is in the timeline; the record names the SOS only, never a number.
    if ('entry' in result)
      await appendAudit(tx, { by, action: 'SOS_CALL_LOGGED', target: sosTarget(sosId) });
    return result;
  });
}
