import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MessageId } from '../i18n/messageId.js';

/** docs/console.md: the snackbar hides itself after 4000 ms (here, not in AppSnackbar: its lazy view reads it). */
export const SNACKBAR_AUTO_HIDE_MS = 4000;

export type SnackbarType = 'success' | 'error';

/** What an 'Annulla' action on the message undoes (docs/alarm-handling.md: a device just deleted). */
export type SnackbarUndo = { kind: 'restoreDevice'; id: number };
/** The 'Annulla' action was clicked: the feature that owns the undo listens for it. */
export const snackbarUndoClicked = createAction<SnackbarUndo>('snackbar/undoClicked');

interface SnackbarState {
  open: boolean;
  type: SnackbarType;
  messageId: MessageId | null;
  values: Record<string, string | number>;
  /** Changes with every message, so a repeated message restarts the timer. */
  key: number;
  undo: SnackbarUndo | null;
}

const initialState: SnackbarState = {
  open: false,
  type: 'success',
  messageId: null,
  values: {},
  key: 0,
  undo: null,
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
        undo?: SnackbarUndo;
      }>,
    ) {
      state.open = true;
      state.type = action.payload.type;
      state.messageId = action.payload.messageId;
      state.values = action.payload.values ?? {};
      state.undo = action.payload.undo ?? null;
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
