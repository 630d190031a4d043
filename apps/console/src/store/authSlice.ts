import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session } from './session.js';

export interface AuthState {
  session: Session | null;
}

const initialState: AuthState = { session: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Login, refresh or the start-up check produced a session. */
    sessionStarted(state, action: PayloadAction<Session>) {
      state.session = action.payload;
    },
    /** Logout or a refused refresh: the root reducer resets every slice on this. */
    loggedOut(state) {
      state.session = null;
    },
  },
  selectors: {
    selectSession: (state) => state.session,
    selectRole: (state) => state.session?.role ?? null,
    selectIsSignedIn: (state) => state.session !== null,
  },
});

export const { sessionStarted, loggedOut } = authSlice.actions;
export const { selectSession, selectRole, selectIsSignedIn } = authSlice.selectors;
