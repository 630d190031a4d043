import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { voiceStatusChanged } from '../../entities/voice/voiceSlice.js';
import { renderWithStore, signedInStore } from '../../test/testKit.js';
import { VoiceLostChip } from './VoiceLostChip.js';

describe('"Voce non disponibile"', () => {
  it('shows while the registration is lost and goes once registered again', () => {
    const store = signedInStore();
    renderWithStore(store, <VoiceLostChip />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => void store.dispatch(voiceStatusChanged('lost')));
    expect(screen.getByRole('status')).toHaveTextContent('Voce non disponibile');
    act(() => void store.dispatch(voiceStatusChanged('registered')));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
