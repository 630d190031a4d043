import type {
  DeletedDevice,
  Device,
  DeviceProfile,
  DeviceProfileInput,
  TechnicalAlarm,
  TechnicalAlarmDismissQuery,
} from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';

/** Technical alarms, resident profiles and deleted devices (docs/alarm-handling.md). */
export const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTechnicalAlarms: build.query<TechnicalAlarm[], void>({
      query: () => PATHS.alarmsTechnical,
      providesTags: ['TechnicalAlarm'],
    }),
    /** Without a type: a deleted device's SOS (as the server reads it). */
    dismissTechnicalAlarm: build.mutation<void, TechnicalAlarmDismissQuery>({
      query: (params) => ({ url: PATHS.alarmsTechnicalDismiss, method: 'POST', params }),
      invalidatesTags: ['TechnicalAlarm'],
    }),
    /** "Nome dispositivo" in the "Scheda assistito": every console gets device-renamed. */
    renameDevice: build.mutation<Device, { id: number; displayName: string }>({
      query: ({ id, displayName }) => ({
        url: PATHS.deviceRename,
        method: 'PATCH',
        params: { id },
        body: { displayName },
      }),
    }),
    getProfile: build.query<DeviceProfile, number>({
      query: (id) => ({ url: PATHS.deviceProfile, params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
    putProfile: build.mutation<DeviceProfile, { id: number; profile: DeviceProfileInput }>({
      query: ({ id, profile }) => ({
        url: PATHS.deviceProfile,
        method: 'PUT',
        params: { id },
        body: profile,
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Profile', id }],
    }),
    getDeletedDevices: build.query<DeletedDevice[], void>({
      query: () => PATHS.deviceDeleted,
      providesTags: ['DeletedDevice'],
    }),
    restoreDevice: build.mutation<Device, number>({
      query: (id) => ({ url: PATHS.deviceRestore, method: 'POST', params: { id } }),
      // The device comes back through its device-registered event.
      invalidatesTags: ['DeletedDevice', 'TechnicalAlarm'],
    }),
  }),
});

export const {
  useGetTechnicalAlarmsQuery,
  useDismissTechnicalAlarmMutation,
  useRenameDeviceMutation,
  useGetProfileQuery,
  usePutProfileMutation,
  useGetDeletedDevicesQuery,
  useRestoreDeviceMutation,
} = healthApi;
