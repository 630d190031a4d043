import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Session } from './session.js';

/** Why the server ended the session, when it said (docs/security.md "Sessions"). */
export type SessionEndReason = 'ACCOUNT_CHANGED';

interface AuthState {
  session: Session | null;
  /** Shown on the login page until the next sign-in ("Il tuo account è stato modificato"). */
  endedBecause: SessionEndReason | null;
}

const initialState: AuthState = { session: null, endedBecause: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Login, refresh or the start-up check produced a session. */
    sessionStarted(state, action: PayloadAction<Session>) {
      state.session = action.payload;
      state.endedBecause = null;
    },
    /**
     * Logout or a refused refresh: the root reducer resets every slice on this, then this
     * keeps why the server ended the session, if it said.
     */
    loggedOut(state, action: PayloadAction<{ reason: SessionEndReason } | undefined>) {
      state.session = null;
      state.endedBecause = action.payload?.reason ?? null;
    },
  },
  selectors: {
    selectSession: (state) => state.session,
    selectRole: (state) => state.session?.role ?? null,
    selectIsSignedIn: (state) => state.session !== null,
    selectEndedBecause: (state) => state.endedBecause,
  },
});

export const { sessionStarted, loggedOut } = authSlice.actions;
export const { selectSession, selectRole, selectIsSignedIn, selectEndedBecause } =
  authSlice.selectors;
