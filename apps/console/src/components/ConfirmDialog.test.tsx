import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders.js';
import { createStore } from '../store/store.js';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.js';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <AppProviders store={createStore()}>
      <ConfirmDialog
        open
        message="generic.deleteConfirm"
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />
    </AppProviders>,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it("has the title 'Attenzione!' and the buttons 'Annulla' and 'Conferma' by default", async () => {
    const { onConfirm, onCancel } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Attenzione!' });
    expect(dialog).toHaveAccessibleDescription('Sei sicuro di voler cancellare?');
    await userEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('takes its own confirm label', () => {
    renderDialog({ confirmLabel: 'delete', message: 'delete_user_alert_message' });
    expect(screen.getByRole('button', { name: 'Elimina' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent("Sei sicuro di voler eliminare l'utente?");
  });

  it('cancels on Escape', async () => {
    const { onCancel } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
