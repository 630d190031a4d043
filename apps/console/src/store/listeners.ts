import { createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { showSnackbar } from './snackbarSlice.js';
import { errorCodeOf, errorMessage } from './errors.js';
import { themeChanged, THEME_STORAGE_KEY } from '../theme/themeSlice.js';
import { languageChanged, LANGUAGE_STORAGE_KEY } from '../i18n/languageSlice.js';

export const listeners = createListenerMiddleware();

/** All failed calls reach one place: logged, and shown in the snackbar (docs/console.md). */
listeners.startListening({
  matcher: isRejectedWithValue,
  // getState called on the api object: the listener API declares it as a method.
  effect: (action, api) => {
    const signedIn = (api.getState() as { auth: { session: unknown } }).auth.session !== null;
    const failure = action.payload as { status?: unknown } | undefined;
    // A 401 after the session ended is expected; a refused login is not.
    const refusedLogin = errorCodeOf(failure) === 'INVALID_CREDENTIALS';
    if (!signedIn && failure?.status === 401 && !refusedLogin) return;
    console.error('API call failed', action.meta, action.payload);
    api.dispatch(showSnackbar({ type: 'error', ...errorMessage(action.payload) }));
  },
});

// Every change of theme or language is saved (docs/console.md).
listeners.startListening({
  actionCreator: themeChanged,
  effect: (action) => localStorage.setItem(THEME_STORAGE_KEY, action.payload),
});
listeners.startListening({
  actionCreator: languageChanged,
  effect: (action) => localStorage.setItem(LANGUAGE_STORAGE_KEY, action.payload),
});
