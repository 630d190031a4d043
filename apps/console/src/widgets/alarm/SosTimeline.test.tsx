import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderWithStore, signedInStore, stubFetch } from '../../test/testKit.js';
import { SosTimeline } from './SosTimeline.js';

describe('SosTimeline', () => {
  it('shows what the device said (DEVICE_EVENT) with its text', async () => {
    stubFetch((call) =>
      call.url.pathname === '/api/sos/timeline'
        ? json([
            { at: '2025-03-01T10:00:00Z', type: 'RAISED', by: null, text: null },
            { at: '2025-03-01T10:00:20Z', type: 'DEVICE_EVENT', by: null, text: 'Incendio (1110)' },
            { at: '2025-03-01T10:01:00Z', type: 'DEVICE_EVENT', by: null, text: 'Ripristino dal dispositivo (3110)' },
          ])
        : undefined,
    );
    renderWithStore(signedInStore(), <SosTimeline sosId={5} />);
    expect(await screen.findAllByText('Dal dispositivo')).toHaveLength(2);
    expect(screen.getByText(/Incendio \(1110\)/)).toBeInTheDocument();
    expect(screen.getByText(/Ripristino dal dispositivo \(3110\)/)).toBeInTheDocument();
  });
});
