import { createEntityAdapter, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { injectLazy } from '../../store/store.js';

/**
 * The softphone as the console shows it (docs/voice.md): whether it is registered, and its
 * calls by id. The SIP sessions themselves live outside the store (not serialisable), in the
 * connection's owner (widgets/voice/VoiceScope.tsx).
 *
 * off: voice is off here (or not known yet); starting: connecting and registering;
 * registered; lost: registration lost or refused, retrying ("Voce non disponibile").
 */
export type VoiceStatus = 'off' | 'starting' | 'registered' | 'lost';

export interface VoiceCall {
  /** The SIP session's id. */
  id: string;
  direction: 'IN' | 'OUT';
  /** ringing: inbound, not answered yet; dialing: outbound, not answered yet; active: talking. */
  state: 'ringing' | 'dialing' | 'active';
  /** Who: the device that matched (inbound, from X-SOS-*), else the number or SIP user. */
  deviceId: number | null;
  deviceName: string | null;
  caller: string | null;
  sosId: number | null;
  /** A unit's speakerphone is on the line: the SCAIP DTMF controls apply. */
  unit: boolean;
  /** Outbound: the number dialled as written in the profile (the call-out row it belongs to). */
  number: string | null;
  /** Epoch ms when it was answered. */
  answeredAt: number | null;
  muted: boolean;
}

const calls = createEntityAdapter<VoiceCall>();

const initialState = { status: 'off' as VoiceStatus, calls: calls.getInitialState() };

export const voiceSlice = createSlice({
  name: 'voice',
  initialState,
  reducers: {
    voiceStatusChanged(state, action: PayloadAction<VoiceStatus>) {
      state.status = action.payload;
    },
    callAdded(state, action: PayloadAction<VoiceCall>) {
      calls.setOne(state.calls, action.payload);
    },
    callUpdated(state, action: PayloadAction<{ id: string; changes: Partial<VoiceCall> }>) {
      calls.updateOne(state.calls, action.payload);
    },
    /** Ended, rejected, or cancelled (another operator answered first). */
    callRemoved(state, action: PayloadAction<string>) {
      calls.removeOne(state.calls, action.payload);
    },
  },
});

export const { voiceStatusChanged, callAdded, callUpdated, callRemoved } = voiceSlice.actions;

declare module '../../store/store.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- RTK's declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof voiceSlice> {}
}

// Injected with the signed-in layout's code, never on /login.
injectLazy(voiceSlice);

interface WithVoice {
  voice?: typeof initialState;
}
const voiceOf = (state: WithVoice) => state.voice ?? initialState;
const callSelectors = calls.getSelectors((state: WithVoice) => voiceOf(state).calls);

export const selectVoiceStatus = (state: WithVoice) => voiceOf(state).status;
export const selectVoiceCalls = callSelectors.selectAll;
export const selectVoiceCall = callSelectors.selectById;
