import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MessageId } from '../i18n/catalogue.js';

export type SnackbarType = 'success' | 'error';

export interface SnackbarState {
  open: boolean;
  type: SnackbarType;
  messageId: MessageId | null;
  values: Record<string, string | number>;
  /** Changes with every message, so a repeated message restarts the timer. */
  key: number;
}

const initialState: SnackbarState = {
  open: false,
  type: 'success',
  messageId: null,
  values: {},
  key: 0,
};

export const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState,
  reducers: {
    showSnackbar(
      state,
      action: PayloadAction<{
        type: SnackbarType;
        messageId: MessageId;
        values?: Record<string, string | number>;
      }>,
    ) {
      state.open = true;
      state.type = action.payload.type;
      state.messageId = action.payload.messageId;
      state.values = action.payload.values ?? {};
      state.key += 1;
    },
    hideSnackbar(state) {
      state.open = false;
    },
  },
  selectors: { selectSnackbar: (state) => state },
});

export const { showSnackbar, hideSnackbar } = snackbarSlice.actions;
export const { selectSnackbar } = snackbarSlice.selectors;
