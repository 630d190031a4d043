import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './AppProviders.js';
import { hideSnackbar, showSnackbar, SNACKBAR_AUTO_HIDE_MS } from '../store/snackbarSlice.js';
import { createStore, type AppStore } from '../store/store.js';

function setup() {
  const store = createStore();
  render(
    <AppProviders store={store}>
      <button type="button">elsewhere</button>
    </AppProviders>,
  );
  return store;
}

/** Shows a message; the snackbar's own chunk loads with the first one. */
async function show(store: AppStore, message: Parameters<typeof showSnackbar>[0]) {
  act(() => {
    store.dispatch(showSnackbar(message));
  });
  return screen.findByRole('alert');
}

afterEach(() => vi.useRealTimers());

describe('AppSnackbar', () => {
  it('shows a translated success message with its values, as a filled alert', async () => {
    const store = setup();
    const alert = await show(store, {
      type: 'success',
      messageId: 'user_updated_success',
      values: { username: 'mario' },
    });
    expect(alert).toHaveTextContent("L'utente mario è stato aggiornato!");
    expect(alert).toHaveClass('MuiAlert-filled', 'MuiAlert-colorSuccess');
  });

  it('shows errors as error alerts', async () => {
    const store = setup();
    await show(store, { type: 'error', messageId: 'error.unexpected' });
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filled', 'MuiAlert-colorError');
    expect(screen.getByRole('alert')).toHaveTextContent('Errore inaspettato!');
  });

  it('hides itself after 4000 ms', async () => {
    const store = setup();
    // Loaded and mounted with real timers; the next message's timer is then a fake one.
    await show(store, { type: 'success', messageId: 'login_success' });
    act(() => {
      store.dispatch(hideSnackbar());
    });
    vi.useFakeTimers();
    act(() => {
      store.dispatch(showSnackbar({ type: 'success', messageId: 'login_success' }));
    });
    act(() => vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 100));
    expect(store.getState().snackbar.open).toBe(true);
    act(() => vi.advanceTimersByTime(200));
    expect(store.getState().snackbar.open).toBe(false);
    expect(SNACKBAR_AUTO_HIDE_MS).toBe(4000);
  });

  it('closes on Escape', async () => {
    const store = setup();
    await show(store, { type: 'success', messageId: 'login_success' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(store.getState().snackbar.open).toBe(false));
  });

  it('closes on a click elsewhere', async () => {
    const store = setup();
    await show(store, { type: 'success', messageId: 'login_success' });
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    await waitFor(() => expect(store.getState().snackbar.open).toBe(false));
  });

  it('closes with its close button', async () => {
    const store = setup();
    await show(store, { type: 'success', messageId: 'login_success' });
    await userEvent.click(screen.getByRole('button', { name: 'Chiudi' }));
    expect(store.getState().snackbar.open).toBe(false);
  });
});
