import type { SosCall, VoiceEvent } from '@sos/contract';
import { VOICE_CALLBACK_PREFIX, VOICE_SOS_USER } from '@sos/contract';
import type { CallableProfile } from '../sos/calls.js';
import { phoneKey } from './caller.js';

/** Who a VOICE call was with, as its CALL entry records it (docs/voice.md). */
export type VoiceCallee = Pick<SosCall, 'to' | 'contactIndex' | 'name' | 'phone'>;

/**
 * The other party of a call on an SOS: the number that called in or was dialled, matched
 * against the SOS's device profile (the resident, then each contact in order); a call-back,
 * or an inbound call that matched none of its phones, is the unit itself (DEVICE). A dialled
 * number the profile does not have is a CONTACT without index.
 */
export function voiceCallee(
  event: Pick<VoiceEvent, 'direction' | 'from' | 'to'>,
  profile: CallableProfile,
  deviceName: string,
): VoiceCallee {
  const other = event.direction === 'IN' ? event.from : event.to;
  if (event.direction === 'OUT' && other.startsWith(VOICE_CALLBACK_PREFIX)) {
    return { to: 'DEVICE', contactIndex: null, name: deviceName, phone: other };
  }
  const key = phoneKey(other);
  if (key !== '' && phoneKey(profile.phone) === key) {
    return {
      to: 'RESIDENT',
      contactIndex: null,
      name: profile.residentName,
      phone: profile.phone!,
    };
  }
  const index = key === '' ? -1 : profile.contacts.findIndex((c) => phoneKey(c.phone) === key);
  const contact = profile.contacts[index];
  if (contact)
    return { to: 'CONTACT', contactIndex: index, name: contact.name, phone: contact.phone! };
  if (event.direction === 'IN' || other === VOICE_SOS_USER) {
    return { to: 'DEVICE', contactIndex: null, name: deviceName, phone: other };
  }
  return { to: 'CONTACT', contactIndex: null, name: null, phone: other };
}
