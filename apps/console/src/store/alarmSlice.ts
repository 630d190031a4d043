import { createSlice } from '@reduxjs/toolkit';

/** Only the flag lives in Redux; the AudioContext and the audio element are not serialisable. */
export const alarmSlice = createSlice({
  name: 'alarm',
  initialState: { audioEnabled: false },
  reducers: {
    audioEnabled(state) {
      state.audioEnabled = true;
    },
  },
  selectors: { selectAudioEnabled: (state) => state.audioEnabled },
});

export const { audioEnabled } = alarmSlice.actions;
export const { selectAudioEnabled } = alarmSlice.selectors;
