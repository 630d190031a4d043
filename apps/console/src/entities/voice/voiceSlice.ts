import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { injectLazy } from '../../store/store.js';

/**
 * The softphone as the console shows it (docs/voice.md): whether it is registered, and its
 * calls by id. The SIP sessions themselves live outside the store (not serialisable), in the
 * connection's owner (widgets/voice/VoiceScope.tsx).
 *
 * off: voice is off here (or not known yet); starting: connecting and registering;
 * registered; lost: registration lost or refused, retrying ("Voce non disponibile").
 */
type VoiceStatus = 'off' | 'starting' | 'registered' | 'lost';

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

/**
 * The calls by id, in the order they came (what createEntityAdapter keeps, written out: the
 * adapter would bring reselect and RTK's adapter code into the RTK chunk /login loads too,
 * 2.5 KB gzipped of its 185 KB budget, bench weight).
 */
interface Calls {
  ids: string[];
  entities: Record<string, VoiceCall>;
}

const initialState = { status: 'off' as VoiceStatus, calls: { ids: [], entities: {} } as Calls };

const voiceSlice = createSlice({
  name: 'voice',
  initialState,
  reducers: {
    voiceStatusChanged(state, action: PayloadAction<VoiceStatus>) {
      state.status = action.payload;
    },
    callAdded(state, action: PayloadAction<VoiceCall>) {
      const call = action.payload;
      if (!(call.id in state.calls.entities)) state.calls.ids.push(call.id);
      state.calls.entities[call.id] = call;
    },
    callUpdated(state, action: PayloadAction<{ id: string; changes: Partial<VoiceCall> }>) {
      const call = state.calls.entities[action.payload.id];
      if (call) Object.assign(call, action.payload.changes);
    },
    /** Ended, rejected, or cancelled (another operator answered first). */
    callRemoved(state, action: PayloadAction<string>) {
      if (!(action.payload in state.calls.entities)) return;
      delete state.calls.entities[action.payload];
      state.calls.ids = state.calls.ids.filter((id) => id !== action.payload);
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

export const selectVoiceStatus = (state: WithVoice) => voiceOf(state).status;
/** Every call, in order: the same array while the calls do not change (useSelector's need). */
let listed: { calls: Calls; all: VoiceCall[] } = { calls: initialState.calls, all: [] };
export const selectVoiceCalls = (state: WithVoice): VoiceCall[] => {
  const { calls } = voiceOf(state);
  if (calls !== listed.calls) listed = { calls, all: calls.ids.map((id) => calls.entities[id]!) };
  return listed.all;
};
