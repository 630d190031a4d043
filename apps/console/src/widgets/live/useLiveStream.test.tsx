import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../store/store.js';
import { useGetDevicesQuery } from '../../entities/devices/deviceEndpoints.js';
import { selectDeviceById, selectOrder } from '../../entities/devices/devicesSlice.js';
import {
  device,
  json,
  renderWithStore,
  signedInStore,
  sos,
  stubFetch,
  type Call,
} from '../../test/testKit.js';
import { selectLiveStatus } from '../../store/liveSlice.js';
import { LONG_GAP_MS } from './LiveStream.js';
import { useLiveStream } from './useLiveStream.js';

/** A server-sent-events answer the test writes to. `retry: 10` keeps reconnections quick. */
function sse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  const write = (text: string) => controller.enqueue(encoder.encode(text));
  write('retry: 10\n\n');
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (name: string, data: unknown, id?: number) =>
      write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`,
      ),
    end: () => controller.close(),
  };
}

type Stream = ReturnType<typeof sse>;

/** The server: the device list, and per connection either a stream or a refusal status. */
function server(connections: (Stream | number | Promise<Response>)[]) {
  const devices = [device(1, 'Alfa'), device(2, 'Bravo')];
  const calls = stubFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/device/getAll') return json(devices);
    if (path === '/api/auth/refreshAuth') {
      const now = Math.floor(Date.now() / 1000);
      return json({
        access_token: 'access-2',
        expires_at: now + 3600,
        refresh_token: 'refresh-2',
        refresh_expires_at: now + 86_400,
        id: 1,
        role: 'SUPER_ADMIN',
        username: 'admin',
      });
    }
    if (path === '/api/sos/realTime') {
      const next = connections.shift();
      if (next === undefined) return new Promise<Response>(() => {}); // never answers
      if (next instanceof Promise) return next;
      return typeof next === 'number' ? json({ code: 'TOKEN_EXPIRED' }, next) : next.response;
    }
    return undefined;
  });
  return calls;
}

const streamCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/sos/realTime');
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === '/api/device/getAll');

function Dashboardish() {
  useLiveStream(null);
  useGetDevicesQuery();
  return null;
}

/** As the dashboard does it: the stream waits for the list, and starts from its last event. */
function ListFirst() {
  const { data, isFetching } = useGetDevicesQuery();
  useLiveStream(isFetching ? undefined : (data?.lastEventId ?? undefined), data?.includedEventIds);
  return null;
}

function mount(store: AppStore) {
  return renderWithStore(store, <Dashboardish />);
}

describe('live stream', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens only once the list has loaded, resuming from the last event the list includes', async () => {
    let answer: (response: Response) => void = () => {};
    const stream = sse();
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/device/getAll') {
        return new Promise<Response>((resolve) => (answer = resolve));
      }
      if (call.url.pathname === '/api/sos/realTime') return stream.response;
      return undefined;
    });
    const store = signedInStore();
    renderWithStore(store, <ListFirst />);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    expect(streamCalls(calls)).toHaveLength(0);
    const list = new Response(JSON.stringify([device(1, 'Alfa')]), {
      headers: { 'content-type': 'application/json', 'x-last-event-id': '41' },
    });
    act(() => answer(list));
    await waitFor(() => expect(streamCalls(calls)).toHaveLength(1));
    expect(streamCalls(calls)[0]?.headers.get('last-event-id')).toBe('41');
    // An SOS raised between the list and the stream is replayed, and applied.
    act(() => stream.send('new-sos', sos(1, 'Alfa', '2025-03-01T10:00:00Z'), 42));
    await waitFor(() => expect(selectDeviceById(store.getState(), 1)?.lastSos).not.toBeNull());
  });

  it('skips the replayed events the list already includes (read while SOS were raised and closed)', async () => {
    const stream = sse();
    stubFetch((call) => {
      if (call.url.pathname === '/api/device/getAll') {
        // The list shows Alfa's SOS 900 already closed: events 42 (raised) and 43 (closed) are in it.
        return new Response(JSON.stringify([device(1, 'Alfa'), device(2, 'Bravo')]), {
          headers: {
            'content-type': 'application/json',
            'x-last-event-id': '41',
            'x-included-event-ids': '42,43',
          },
        });
      }
      if (call.url.pathname === '/api/sos/realTime') return stream.response;
      return undefined;
    });
    const store = signedInStore();
    let alfaAlerted = false;
    store.subscribe(() => {
      if (selectDeviceById(store.getState(), 1)?.lastSos) alfaAlerted = true;
    });
    renderWithStore(store, <ListFirst />);
    await waitFor(() => expect(selectOrder(store.getState())).toEqual([1, 2]));
    const closedSos = sos(1, 'Alfa', '2025-03-01T10:00:00Z', 900);
    act(() => stream.send('new-sos', closedSos, 42));
    act(() => stream.send('new-sos-closed', { ...closedSos, state: 'CLOSED' }, 43));
    act(() => stream.send('new-sos', sos(2, 'Bravo', '2025-03-01T10:00:01Z'), 44));
    await waitFor(() => expect(selectOrder(store.getState())).toEqual([2, 1]));
    // The replayed raise of an SOS the list shows closed never brought Alfa's alert back.
    expect(alfaAlerted).toBe(false);
  });

  it('connects with the bearer token and applies the events to the list', async () => {
    const stream = sse();
    const calls = server([stream]);
    const store = signedInStore();
    mount(store);
    await waitFor(() => expect(selectLiveStatus(store.getState())).toBe('open'));
    expect(streamCalls(calls)[0]?.headers.get('authorization')).toBe('Bearer access-1');
    await waitFor(() => expect(selectOrder(store.getState())).toEqual([1, 2]));

    act(() => stream.send('new-sos', sos(2, 'Bravo', '2025-03-01T10:00:00Z'), 1));
    await waitFor(() => expect(selectOrder(store.getState())).toEqual([2, 1]));
    act(() => stream.send('device-renamed', device(1, 'Zeta'), 2));
    await waitFor(() => expect(selectDeviceById(store.getState(), 1)?.displayName).toBe('Zeta'));
  });

  it('ignores and logs an event whose data does not match the contract', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stream = sse();
    server([stream]);
    const store = signedInStore();
    mount(store);
    await waitFor(() => expect(selectOrder(store.getState())).toEqual([1, 2]));
    act(() => stream.send('new-sos', { id: 'x', device: { id: 2 } }, 1));
    act(() => stream.send('device-deleted', { id: 1 }, 2));
    await waitFor(() => expect(selectOrder(store.getState())).toEqual([2]));
    expect(selectDeviceById(store.getState(), 2)?.lastSos).toBeNull();
    expect(error).toHaveBeenCalledWith('Live event new-sos: invalid data', expect.anything());
  });

  it('after a 401 refreshes the token and resumes from the last event id', async () => {
    const first = sse();
    const second = sse();
    const calls = server([first, 401, second]);
    const store = signedInStore();
    mount(store);
    await waitFor(() => expect(selectLiveStatus(store.getState())).toBe('open'));
    act(() => first.send('device-deleted', { id: 2 }, 7));
    act(() => first.end()); // the server ends the stream; the reconnection is refused
    await waitFor(() => expect(streamCalls(calls)).toHaveLength(3));
    expect(calls.some((c) => c.url.pathname === '/api/auth/refreshAuth')).toBe(true);
    const resumed = streamCalls(calls)[2];
    expect(resumed?.headers.get('authorization')).toBe('Bearer access-2');
    expect(resumed?.headers.get('last-event-id')).toBe('7');
    act(() => second.send('device-deleted', { id: 1 }, 8));
    await waitFor(() => expect(selectOrder(store.getState())).toEqual([]));
  });

  it('reloads the list on a resync event and after a long disconnection', async () => {
    const first = sse();
    const second = sse();
    let reconnect: (response: Response) => void = () => {};
    const calls = server([first, new Promise<Response>((resolve) => (reconnect = resolve))]);
    const store = signedInStore();
    mount(store);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    await waitFor(() => expect(selectLiveStatus(store.getState())).toBe('open'));
    act(() => first.send('resync', { reason: 'too far behind' }, 3));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));

    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    act(() => first.end());
    await waitFor(() => expect(streamCalls(calls)).toHaveLength(2));
    clock.mockReturnValue(start + LONG_GAP_MS + 1000); // the reconnection takes over a minute
    expect(listCalls(calls)).toHaveLength(2);
    act(() => reconnect(second.response));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
  });

  it('re-subscribes on window focus when the channel was refused, and closes on unmount', async () => {
    const stream = sse();
    const calls = server([503, stream]);
    const store = signedInStore();
    const view = mount(store);
    await waitFor(() => expect(streamCalls(calls)).toHaveLength(1));
    // Refused: the retry waits seconds; coming back to the window does not wait.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(selectLiveStatus(store.getState())).toBe('open'));
    expect(streamCalls(calls)).toHaveLength(2);
    view.unmount();
    expect(selectLiveStatus(store.getState())).toBe('idle');
  });
});
