import {
  dialTarget,
  VOICE_CALLBACK_PREFIX,
  VOICE_HEADERS,
  voiceUserOf,
  type VoiceCredentials,
} from '@sos/contract';
import { C, UA, WebSocketInterface } from 'jssip';
import type { RTCSession } from 'jssip/lib/RTCSession.js';
import type { RTCSessionEvent } from 'jssip/lib/UA.js';
import type { AppDispatch } from '../../store/store.js';
import { callAdded, callUpdated, voiceStatusChanged } from '../../entities/voice/voiceSlice.js';
import type { Phone } from './phone.js';
import { followSession, inboundCall, outboundCall, type DialledCall } from './sessionCalls.js';

/*
 * The softphone on JsSIP (docs/voice.md says why JsSIP): loaded only when signed in with voice
 * on (widgets/voice/VoiceScope.tsx imports this module on demand), never with /login.
 */

// Audio only; no STUN: rtpengine, reachable from the browser, relays every call.
const MEDIA = { mediaConstraints: { audio: true, video: false }, pcConfig: { iceServers: [] } };
// SCAIP's controls go in the media as RFC 4733 events (RTCDTMFSender), never as SIP INFO.
const DTMF = { transportType: C.DTMF_TRANSPORT.RFC2833, duration: 160, interToneGap: 80 };
/** Registration lasts this long; JsSIP renews it before it runs out. */
const REGISTER_EXPIRES_S = 120;

export interface PhoneHooks {
  /** The registrar refused the credentials (expired, or the user was deleted or demoted). */
  onRefused(): void;
}

/** `ws(s)://<the console's origin><wsPath>`: one origin, one certificate (the server proxies it). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'>, wsPath: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${wsPath}`;
}

export function startPhone(
  credentials: VoiceCredentials,
  dispatch: AppDispatch,
  hooks: PhoneHooks,
): Phone {
  const sessions = new Map<string, RTCSession>();
  let stopping = false;
  // The call being placed, while ua.call() runs.
  let dialling: DialledCall | null = null;
  const ua = new UA({
    sockets: [new WebSocketInterface(socketUrl(window.location, credentials.wsPath))],
    uri: `sip:${voiceUserOf(credentials.username)}@${credentials.domain}`,
    authorization_user: credentials.username,
    password: credentials.password,
    register: true,
    register_expires: REGISTER_EXPIRES_S,
    session_timers: false,
    // Reconnect at most 2 s apart: the chip goes within 2 s of Kamailio coming back.
    connection_recovery_min_interval: 1,
    connection_recovery_max_interval: 2,
    user_agent: 'SOS Console',
  });
  const lost = () => {
    if (!stopping) dispatch(voiceStatusChanged('lost'));
  };
  ua.on('registered', () => dispatch(voiceStatusChanged('registered')));
  ua.on('unregistered', lost);
  ua.on('disconnected', lost);
  ua.on('registrationFailed', (event) => {
    lost();
    // 401/403 after the challenge: these credentials will never do; the owner fetches new ones.
    if (!stopping && event.cause === C.causes.AUTHENTICATION_ERROR) hooks.onRefused();
    else if (!stopping && ua.isConnected()) setTimeout(() => !stopping && ua.register(), 2000);
  });
  ua.on('newRTCSession', (event: RTCSessionEvent) => {
    const { session } = event;
    sessions.set(session.id, session);
    // Into the store before anything can end it (JsSIP emits this inside ua.call()).
    if (event.originator === 'remote') {
      dispatch(callAdded(inboundCall(session.id, event.request, session.remote_identity.uri.user)));
    } else if (dialling) {
      dispatch(callAdded(outboundCall(session.id, dialling)));
    }
    followSession(session, dispatch, () => sessions.delete(session.id));
  });
  ua.start();
  dispatch(voiceStatusChanged('starting'));

  const withSession = (id: string, act: (session: RTCSession) => void) => {
    const session = sessions.get(id);
    if (!session) return;
    try {
      act(session);
    } catch (error) {
      // A session that ended meanwhile refuses (JsSIP's INVALID_STATE_ERROR): nothing to do.
      console.error('Voice call action refused', error);
    }
  };
  const dial = (target: string, call: DialledCall) => {
    dialling = call;
    try {
      ua.call(target, { ...MEDIA, extraHeaders: [`${VOICE_HEADERS.sosId}: ${call.sosId}`] });
    } catch (error) {
      console.error('Voice call refused', error);
    } finally {
      dialling = null;
    }
  };
  return {
    answer: (id) => withSession(id, (session) => session.answer(MEDIA)),
    reject: (id) => withSession(id, (session) => session.terminate({ status_code: 486 })),
    hangUp: (id) => withSession(id, (session) => session.terminate()),
    setMuted(id, muted) {
      withSession(id, (session) =>
        muted ? session.mute({ audio: true }) : session.unmute({ audio: true }),
      );
      dispatch(callUpdated({ id, changes: { muted } }));
    },
    sendDtmf: (id, tone) => withSession(id, (session) => session.sendDTMF(tone, DTMF)),
    call(number, sosId) {
      const target = dialTarget(number, credentials.domain);
      if (target) dial(target, { sosId, number, unit: false });
    },
    callBack: (sosId) =>
      dial(`sip:${VOICE_CALLBACK_PREFIX}${sosId}@${credentials.domain}`, {
        sosId,
        number: null,
        unit: true,
      }),
    stop() {
      stopping = true;
      // Unregisters (REGISTER Expires: 0), ends the calls, then closes the socket.
      ua.stop();
    },
  };
}
