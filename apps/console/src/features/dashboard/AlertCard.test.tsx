import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertCard } from './AlertCard.js';
import { device, renderWithStore, signedInStore, sos } from '../../test/testKit.js';

describe('AlertCard', () => {
  it('shows the kind’s label under the name', () => {
    const fire = { ...sos(1, 'Cucina Rossi', '2025-03-01T10:00:00Z'), kind: 'FIRE' as const };
    renderWithStore(
      signedInStore(),
      <AlertCard device={device(1, 'Cucina Rossi', fire)} sos={fire} />,
    );
    const name = screen.getByRole('heading', { name: 'Cucina Rossi' });
    const kind = screen.getByTestId('sos-kind');
    expect(kind).toHaveTextContent('Incendio');
    expect(name.compareDocumentPosition(kind) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing more for PANIC', () => {
    const panic = sos(2, 'Bagno', '2025-03-01T10:00:00Z');
    renderWithStore(signedInStore(), <AlertCard device={device(2, 'Bagno', panic)} sos={panic} />);
    expect(screen.getByRole('heading', { name: 'Bagno' })).toBeInTheDocument();
    expect(screen.queryByTestId('sos-kind')).toBeNull();
    expect(screen.queryByText('Allarme personale')).toBeNull();
  });

  it('after a further alarm nobody has taken: the kinds, most severe first, "Nuovo allarme" and still the opening time', () => {
    const base = sos(3, 'Casa Rossi', '2025-03-01T10:00:00Z');
    const realerted = {
      ...base,
      kind: 'FIRE' as const,
      kinds: ['MEDICAL' as const, 'FIRE' as const],
      realertedAt: '2025-03-01T10:05:00Z',
    };
    const { unmount } = renderWithStore(
      signedInStore(),
      <AlertCard device={device(3, 'Casa Rossi', realerted)} sos={realerted} />,
    );
    expect(screen.getByTestId('sos-kind')).toHaveTextContent('Incendio · Emergenza medica');
    const realert = screen.getByTestId('sos-realerted');
    expect(realert).toHaveTextContent('Nuovo allarme: Incendio');
    // The opening time stays, under the new alarm: "da 0 min" alone would not say since when.
    const opened = screen.getByText(/SOS aperto il/);
    expect(opened).toHaveTextContent('SOS aperto il 01/03/2025');
    expect(realert.compareDocumentPosition(opened) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    unmount();
    // Taken in charge again: the new alarm's line goes, the opening time stays.
    const taken = {
      ...realerted,
      acknowledgedAt: '2025-03-01T10:06:00Z',
      acknowledgedBy: { id: 2, username: 'anna' },
    };
    renderWithStore(
      signedInStore(),
      <AlertCard device={device(3, 'Casa Rossi', taken)} sos={taken} />,
    );
    expect(screen.queryByTestId('sos-realerted')).toBeNull();
    expect(screen.getByText(/SOS aperto il/)).toBeInTheDocument();
  });
});
