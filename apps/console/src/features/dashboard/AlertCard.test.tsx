import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlertCard } from './AlertCard.js';
import { device, renderWithStore, signedInStore, sos } from '../../test/testKit.js';

describe('AlertCard', () => {
  it('shows the kind’s label under the name', () => {
    const fire = { ...sos(1, 'Cucina Rossi', '2025-03-01T10:00:00Z'), kind: 'FIRE' as const };
    renderWithStore(signedInStore(), <AlertCard device={device(1, 'Cucina Rossi', fire)} sos={fire} />);
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
});
