import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** idle: no stream; open: receiving; down: lost for a while, reconnecting. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

export const liveSlice = createSlice({
  name: 'live',
  initialState: { status: 'idle' as LiveStatus },
  reducers: {
    liveStatusChanged(state, action: PayloadAction<LiveStatus>) {
      state.status = action.payload;
    },
  },
  selectors: { selectLiveStatus: (state) => state.status },
});

export const { liveStatusChanged } = liveSlice.actions;
export const { selectLiveStatus } = liveSlice.selectors;
