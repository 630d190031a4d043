import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, signedInStore } from '../../test/testKit.js';
import { SosKind } from './SosKind.js';

describe('SosKind (the detail’s kind and source)', () => {
  it('says the kind and where it came from in words, the code as sent', () => {
    renderWithStore(
      signedInStore(),
      <SosKind
        sos={{ kind: 'FIRE', source: { protocol: 'DC09', code: '1110', detail: 'zona 3' } }}
      />,
    );
    expect(screen.getByTestId('sos-detail-kind')).toHaveTextContent('Tipo: Incendio');
    expect(screen.getByTestId('sos-detail-source')).toHaveTextContent(
      'Origine: SIA DC-09 · codice 1110 · zona 3',
    );
  });

  it('an SOS from the HTTP device API without a code', () => {
    renderWithStore(
      signedInStore(),
      <SosKind sos={{ kind: 'PANIC', source: { protocol: 'HTTP', code: null, detail: null } }} />,
    );
    expect(screen.getByTestId('sos-detail-kind')).toHaveTextContent('Tipo: Allarme personale');
    expect(screen.getByTestId('sos-detail-source')).toHaveTextContent(
      /^Origine: API dei dispositivi \(HTTP\)$/,
    );
  });
});
