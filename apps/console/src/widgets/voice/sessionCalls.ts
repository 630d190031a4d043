import { VOICE_HEADERS } from '@sos/contract';
import type { RTCSession } from 'jssip/lib/RTCSession.js';
import type { IncomingRequest } from 'jssip/lib/SIPMessage.js';
import type { AppDispatch } from '../../store/store.js';
import { callRemoved, callUpdated, type VoiceCall } from '../../entities/voice/voiceSlice.js';
import { attachRemoteAudio, detachRemoteAudio } from './remoteAudio.js';

const positiveInt = (value: string | undefined) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

function decoded(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Who calls, from the headers Kamailio added after asking the server (docs/voice.md). */
export function inboundCall(
  id: string,
  request: Pick<IncomingRequest, 'getHeader'>,
  fallbackUser: string,
): VoiceCall {
  const header = (name: string) => request.getHeader(name) || undefined;
  const deviceId = positiveInt(header(VOICE_HEADERS.deviceId));
  const unitHeader = header(VOICE_HEADERS.unit);
  return {
    id,
    direction: 'IN',
    state: 'ringing',
    deviceId,
    deviceName: deviceId === null ? null : decoded(header(VOICE_HEADERS.deviceName)),
    caller: header(VOICE_HEADERS.caller) ?? fallbackUser,
    sosId: positiveInt(header(VOICE_HEADERS.sosId)),
    // X-SOS-Unit: 1 the SCAIP unit itself, 0 a phone of its profile; without it, a matched device is taken for its unit.
    unit: unitHeader === undefined ? deviceId !== null : unitHeader === '1',
    number: null,
    answeredAt: null,
    muted: false,
  };
}

/** What "Chiama" or "Richiama il dispositivo" knows of the call it places. */
export type DialledCall = Pick<VoiceCall, 'sosId' | 'number' | 'unit'>;

export function outboundCall(id: string, call: DialledCall): VoiceCall {
  return {
    ...call,
    id,
    direction: 'OUT',
    state: 'dialing',
    deviceId: null,
    deviceName: null,
    caller: null,
    answeredAt: null,
    muted: false,
  };
}

/**
 * Follows one SIP session into the store: answered → active, and its end, whatever ended it
 * (hung up, rejected, or cancelled because another operator answered first), removes it.
 */
export function followSession(
  session: RTCSession,
  dispatch: AppDispatch,
  onGone: () => void,
): void {
  const id = session.id;
  const answered = () =>
    dispatch(callUpdated({ id, changes: { state: 'active', answeredAt: Date.now() } }));
  session.on('accepted', answered);
  const gone = () => {
    detachRemoteAudio(id);
    dispatch(callRemoved(id));
    onGone();
  };
  session.on('ended', gone);
  session.on('failed', gone);
  const hear = (connection: RTCPeerConnection) =>
    connection.addEventListener('track', (event: RTCTrackEvent) => {
      const [stream] = event.streams;
      attachRemoteAudio(id, stream ?? new MediaStream([event.track]));
    });
  // An outbound session has its connection already; an inbound one gets it on answering.
  const existing = session.connection as RTCPeerConnection | undefined;
  if (existing) hear(existing);
  else
    session.on('peerconnection', ({ peerconnection }) => hear(peerconnection as RTCPeerConnection));
}
