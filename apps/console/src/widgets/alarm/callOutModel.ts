import type { CallResult, CallTarget, DeviceProfile, SosTimelineEntry } from '@sos/contract';

/** One line of the call-out: the resident or a contact, in the order they are called. */
export interface Callee {
  /** Stable within one profile: 'resident' or 'contact-<index>'. */
  key: string;
  to: CallTarget;
  contactIndex: number | null;
  name: string | null;
  relation: string | null;
  /** null: nothing to call (a contact written without a phone). */
  phone: string | null;
  /** The result of the last call to this very number on this SOS, if any. */
  lastResult: CallResult | null;
  /** The one to call now: the previous call was not answered and this is the next in order. */
  next: boolean;
}

/** A CALL entry made to this callee: same target, same index, same number (the profile may change). */
const calledTo = (entry: SosTimelineEntry, callee: Pick<Callee, 'to' | 'contactIndex' | 'phone'>) =>
  entry.call !== undefined &&
  entry.call.to === callee.to &&
  entry.call.contactIndex === callee.contactIndex &&
  entry.call.phone === callee.phone;

/**
 * The resident's phone first (when there is one), then the contacts in their order, each
 * with its last result from the timeline. When the latest call was not answered, the next
 * callee with a phone after the one called is marked `next`.
 */
export function calleesOf(profile: DeviceProfile, timeline: readonly SosTimelineEntry[]): Callee[] {
  const callees: Omit<Callee, 'lastResult' | 'next'>[] = [
    ...(profile.phone === null
      ? []
      : [
          {
            key: 'resident',
            to: 'RESIDENT' as const,
            contactIndex: null,
            name: profile.residentName,
            relation: null,
            phone: profile.phone,
          },
        ]),
    ...profile.contacts.map((contact, index) => ({
      key: `contact-${index}`,
      to: 'CONTACT' as const,
      contactIndex: index,
      name: contact.name,
      relation: contact.relation,
      phone: contact.phone,
    })),
  ];
  const calls = timeline.filter((entry) => entry.type === 'CALL' && entry.call);
  const latest = calls.at(-1);
  const calledIndex =
    latest && latest.call?.result !== 'ANSWERED'
      ? callees.findIndex((c) => calledTo(latest, c))
      : -1;
  const nextIndex =
    calledIndex < 0 ? -1 : callees.findIndex((c, i) => i > calledIndex && c.phone !== null);
  return callees.map((callee, index) => ({
    ...callee,
    lastResult: calls.findLast((entry) => calledTo(entry, callee))?.call?.result ?? null,
    next: index === nextIndex,
  }));
}
