import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { LocaleProvider } from './LocaleProvider.js';
import { AppThemeProvider } from './AppThemeProvider.js';
import { AppSnackbar } from './AppSnackbar.js';
import type { AppStore } from '../store/store.js';

/** Store, language, theme and the snackbar: everything a screen needs around it. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <LocaleProvider>
        <AppThemeProvider>
          {children}
          <AppSnackbar />
        </AppThemeProvider>
      </LocaleProvider>
    </Provider>
  );
}
