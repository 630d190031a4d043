import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveEventReceived } from '../../entities/live/liveEvents.js';
import { languageChanged } from '../../i18n/languageSlice.js';
import { json, renderWithStore, signedInStore, sos, stubFetch } from '../../test/testKit.js';
import { sosHandlingApi } from '../../entities/sos/sosHandlingApi.js';
import { deferred } from '../../test/deferred.js';
import { SosTimeline } from './SosTimeline.js';

describe('SosTimeline', () => {
  it('shows what the device said (DEVICE_EVENT) with its text', async () => {
    stubFetch((call) =>
      call.url.pathname === '/api/sos/timeline'
        ? json([
            { at: '2025-03-01T10:00:00Z', type: 'RAISED', by: null, text: null },
            { at: '2025-03-01T10:00:20Z', type: 'DEVICE_EVENT', by: null, text: 'Incendio (1110)' },
            {
              at: '2025-03-01T10:01:00Z',
              type: 'DEVICE_EVENT',
              by: null,
              text: 'Ripristino dal dispositivo (3110)',
            },
          ])
        : undefined,
    );
    renderWithStore(signedInStore(), <SosTimeline sosId={5} />);
    expect(await screen.findAllByText('Dal dispositivo')).toHaveLength(2);
    expect(screen.getByText(/Incendio \(1110\)/)).toBeInTheDocument();
    expect(screen.getByText(/Ripristino dal dispositivo \(3110\)/)).toBeInTheDocument();
  });

  it('says which way a call through the console went and how long it lasted (docs/voice.md)', async () => {
    const voice = (
      to: string,
      name: string | null,
      phone: string,
      direction: string,
      durationS: number | null,
      result: string,
    ) => ({
      at: '2025-03-01T10:02:00Z',
      type: 'CALL',
      by: { id: 1, username: 'admin' },
      text: null,
      call: {
        to,
        contactIndex: to === 'CONTACT' ? 0 : null,
        name,
        phone,
        result,
        via: 'VOICE',
        direction,
        durationS,
      },
    });
    stubFetch((call) =>
      call.url.pathname === '/api/sos/timeline'
        ? json([
            voice('DEVICE', 'Casa Rossi', '+390611112222', 'IN', 83, 'ANSWERED'),
            voice('CONTACT', 'Marco', '+39 333 1234567', 'OUT', 7, 'ANSWERED'),
            voice('CONTACT', 'Marco', '+39 333 1234567', 'OUT', null, 'BUSY'),
          ])
        : undefined,
    );
    renderWithStore(signedInStore(), <SosTimeline sosId={5} />);
    await screen.findAllByRole('listitem');
    const texts = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(texts[0]).toMatch(/Casa Rossi \+390611112222: Chiamata in arrivo \(01:23\)$/);
    expect(texts[1]).toMatch(/Marco \+39 333 1234567: Chiamata effettuata \(00:07\)$/);
    expect(texts[2]).toMatch(/Marco \+39 333 1234567: Occupato$/);
  });

  it('writes a call’s length in Arabic-Indic digits in Arabic, the number as dialled', async () => {
    stubFetch((call) =>
      call.url.pathname === '/api/sos/timeline'
        ? json([
            {
              at: '2025-03-01T10:02:00Z',
              type: 'CALL',
              by: { id: 1, username: 'admin' },
              text: null,
              call: {
                to: 'CONTACT',
                contactIndex: 0,
                name: 'Marco',
                phone: '+39 333 1234567',
                result: 'ANSWERED',
                via: 'VOICE',
                direction: 'OUT',
                durationS: 83,
              },
            },
          ])
        : undefined,
    );
    const store = signedInStore();
    store.dispatch(languageChanged('ar'));
    renderWithStore(store, <SosTimeline sosId={5} />);
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    const [item] = await screen.findAllByRole('listitem');
    await waitFor(() => expect(item).toHaveTextContent('(٠١:٢٣)'));
    expect(item).toHaveTextContent('+39 333 1234567');
  });

  const raised = { at: '2025-03-01T10:00:00Z', type: 'RAISED', by: null, text: null };
  const taken = {
    at: '2025-03-01T10:00:05Z',
    type: 'ACKNOWLEDGED',
    by: { id: 2, username: 'maria' },
    text: null,
  };
  const acknowledged = () => ({
    ...sos(9, 'Casa Rossi', '2025-03-01T10:00:00Z', 5),
    acknowledgedBy: { id: 2, username: 'maria' },
  });

  /**
   * A timeline whose read number `held` (1 = the first) was made before maria took the SOS and
   * is answered only when the test says; every other read sees her.
   */
  function timelineWithHeldRead(held: number) {
    const gate = deferred();
    let reads = 0;
    const calls = stubFetch((call) => {
      if (call.url.pathname !== '/api/sos/timeline') return undefined;
      reads += 1;
      return reads === held ? gate.promise.then(() => json([raised])) : json([raised, taken]);
    });
    const store = signedInStore();
    renderWithStore(store, <SosTimeline sosId={5} />);
    return {
      store,
      reads: () => reads,
      answerHeld: gate.settle,
      timelineReads: () => calls.filter((c) => c.url.pathname === '/api/sos/timeline').length,
      taken: () =>
        act(
          () =>
            void store.dispatch(
              liveEventReceived({ name: 'sos-acknowledged', data: acknowledged() }),
            ),
        ),
    };
  }

  it('taken charge of while its first read is on the way: read again, so it shows who took it', async () => {
    const t = timelineWithHeldRead(1);
    await waitFor(() => expect(t.reads()).toBe(1));
    t.taken();
    t.answerHeld();
    expect(await screen.findByText(/maria/)).toBeInTheDocument();
    expect(screen.getByText(/Preso in carico/)).toBeInTheDocument();
    expect(t.timelineReads()).toBe(2);
  });

  it('taken charge of while another read is in flight (a reconnect): read again after it', async () => {
    const t = timelineWithHeldRead(2);
    await waitFor(() => expect(t.reads()).toBe(1));
    // The stream came back: its refetch reads the timeline, read before maria took it.
    act(
      () =>
        void t.store.dispatch(
          sosHandlingApi.endpoints.getSosTimeline.initiate(5, {
            subscribe: false,
            forceRefetch: true,
          }),
        ),
    );
    await waitFor(() => expect(t.reads()).toBe(2));
    t.taken();
    t.answerHeld();
    expect(await screen.findByText(/maria/)).toBeInTheDocument();
    expect(t.timelineReads()).toBe(3);
  });
});
