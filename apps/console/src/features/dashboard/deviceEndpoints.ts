import type { Device, ErrorCode, Sos } from '@sos/contract';
import { LAST_EVENT_ID_HEADER, PATHS } from '@sos/contract/paths';
import { api } from '../../app/api.js';
import { showSnackbar } from '../../app/snackbarSlice.js';
import { deviceRemoved, sosCloseReverted, sosCloseStarted } from './deviceActions.js';

interface DevicesSliceState {
  devices: { entities: Record<number, Device | undefined> };
  auth: { session: { id: number } | null };
}

/** The device list and the last live event it includes (X-Last-Event-Id, DESIGN §7). */
export interface DeviceSnapshot {
  devices: Device[];
  /** Open the live stream from here and nothing raised meanwhile is missed; null if unknown. */
  lastEventId: string | null;
}

const errorCode = (failure: unknown): ErrorCode | undefined =>
  (failure as { error?: { data?: { code?: ErrorCode } } }).error?.data?.code;

export const deviceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The device list; the devices slice keeps it sorted and live. */
    getDevices: build.query<DeviceSnapshot, void>({
      query: () => PATHS.deviceGetAll,
      transformResponse: (devices: Device[], meta) => ({
        devices,
        lastEventId: meta?.response?.headers.get(LAST_EVENT_ID_HEADER) ?? null,
      }),
      providesTags: ['Device'],
    }),
    /** Spec §2: sends deviceId and sosId; the call needs sosId, deviceId drives the optimistic update. */
    closeSos: build.mutation<Sos, { deviceId: number; sosId: number }>({
      query: ({ sosId }) => ({ url: PATHS.sosClose, method: 'PATCH', params: { sosId } }),
      invalidatesTags: ['Sos'],
      async onQueryStarted({ deviceId, sosId }, { dispatch, getState, queryFulfilled }) {
        const before = (getState() as unknown as DevicesSliceState).devices.entities[deviceId]
          ?.lastSos;
        dispatch(sosCloseStarted({ deviceId, sosId }));
        try {
          const { data: closed } = await queryFulfilled;
          const me = (getState() as unknown as DevicesSliceState).auth.session?.id;
          // A colleague closed it first: not an error, but the operator must know (DESIGN §6).
          const by = closed?.closedBy;
          if (by && by.id !== me) {
            dispatch(
              showSnackbar({ type: 'error', messageId: 'sos.alreadyClosed', values: { username: by.username } }),
            );
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
        dispatch(showSnackbar({ type: 'success', messageId: 'device_deleted_success' }));
      },
    }),
  }),
});

export const { useGetDevicesQuery, useCloseSosMutation, useDeleteDeviceMutation } = deviceApi;
