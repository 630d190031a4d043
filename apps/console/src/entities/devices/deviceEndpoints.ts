import type { Device, Sos, SosOutcome } from '@sos/contract';
import { INCLUDED_EVENT_IDS_HEADER, LAST_EVENT_ID_HEADER, PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import { errorCodeOf } from '../../store/errors.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import { deviceRemoved, sosCloseReverted, sosCloseStarted } from './deviceActions.js';
import { deviceIn, type DeviceTable } from './deviceTable.js';

interface DevicesSliceState {
  devices?: { entities: DeviceTable };
  auth: { session: { id: number } | null };
}

/** The device list and the last live event it includes (X-Last-Event-Id, docs/security.md). */
export interface DeviceSnapshot {
  devices: Device[];
  /** Open the live stream from here and nothing raised meanwhile is missed; null if unknown. */
  lastEventId: string | null;
  /** Events after lastEventId the list already includes: the resumed stream replays them. */
  includedEventIds: string[];
}

/** X-Included-Event-Ids: comma-separated event ids, often none. */
const idList = (header: string | null | undefined) =>
  header ? header.split(',').filter((id) => /^\d+$/.test(id)) : [];

/** The contract's error code of a failed mutation (queryFulfilled's rejection wraps it). */
const errorCode = (failure: unknown) => errorCodeOf((failure as { error?: unknown }).error);

/** What closing sends: the spec's close (no body) or, from the detail, what happened. */
export interface CloseSosArgs {
  deviceId: number;
  sosId: number;
  outcome?: SosOutcome | null;
  note?: string | null;
}

/** The optional body of PATCH /api/sos/close (docs/alarm-handling.md): none when nothing was given. */
function closeBody({ outcome, note }: CloseSosArgs) {
  const body = { ...(outcome ? { outcome } : {}), ...(note ? { note } : {}) };
  return Object.keys(body).length > 0 ? body : undefined;
}

export const deviceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The device list; the devices slice keeps it sorted and live. */
    getDevices: build.query<DeviceSnapshot, void>({
      query: () => PATHS.deviceGetAll,
      // Frozen: Immer stops at a frozen value, so storing the answer in the cache does not
      // walk (and deep-freeze) 100,000 devices, ~200 ms of the first card (bench console-10k).
      // The devices slice copies what it changes; nothing writes into these objects.
      transformResponse: (devices: Device[], meta): DeviceSnapshot =>
        Object.freeze({
          devices: Object.freeze(devices) as Device[],
          lastEventId: meta?.response?.headers.get(LAST_EVENT_ID_HEADER) ?? null,
          includedEventIds: idList(meta?.response?.headers.get(INCLUDED_EVENT_IDS_HEADER)),
        }),
      // A reload is a new list: comparing it with the old one, device by device, buys nothing.
      structuralSharing: false,
      providesTags: ['Device'],
    }),
    /** docs/console.md: sends deviceId and sosId; the call needs sosId, deviceId drives the optimistic update. */
    closeSos: build.mutation<Sos | null, CloseSosArgs>({
      query: (args) => ({
        url: PATHS.sosClose,
        method: 'PATCH',
        params: { sosId: args.sosId },
        body: closeBody(args),
      }),
      invalidatesTags: ['Sos'],
      async onQueryStarted(args, api) {
        const { dispatch, queryFulfilled } = api;
        const { deviceId, sosId } = args;
        // Called on the api object: RTK Query declares getState as a method.
        const state = api.getState() as unknown as DevicesSliceState;
        const before = state.devices && deviceIn(state.devices.entities, deviceId)?.lastSos;
        dispatch(sosCloseStarted({ deviceId, sosId }));
        try {
          const { data: closed } = await queryFulfilled;
          // Closing again answers the SOS as it was closed (docs/alarm-handling.md): say who did it.
          const closer = closed?.closedBy;
          if (closer && closer.id !== state.auth.session?.id) {
            const values = { username: closer.username };
            dispatch(showSnackbar({ type: 'error', messageId: 'alarm.alreadyClosed', values }));
          } else {
            dispatch(showSnackbar({ type: 'success', messageId: 'sos_closed_success' }));
          }
        } catch (failure) {
          // Already closed elsewhere: the card is right to be plain. Otherwise put the alert back.
          if (before && errorCode(failure) !== 'SOS_NOT_OPEN') {
            dispatch(sosCloseReverted({ deviceId, sos: before }));
          }
        }
      },
    }),
    deleteDevice: build.mutation<void, number>({
      query: (id) => ({ url: PATHS.deviceDelete, method: 'DELETE', params: { id } }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // the shared error handler shows and logs it
        }
        dispatch(deviceRemoved(id));
        // docs/alarm-handling.md: 'Annulla' on the message restores it (features/devices/undoRestore.ts).
        dispatch(
          showSnackbar({
            type: 'success',
            messageId: 'device_deleted_success',
            undo: { kind: 'restoreDevice', id },
          }),
        );
      },
    }),
  }),
});

export const { useGetDevicesQuery, useCloseSosMutation, useDeleteDeviceMutation } = deviceApi;
