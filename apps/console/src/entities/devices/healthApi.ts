import type { DeletedDevice, Device, DeviceProfile, DeviceProfileInput, TechnicalAlarm } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../app/api.js';

/** Technical alarms, resident profiles and deleted devices (DESIGN §6). */
export const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTechnicalAlarms: build.query<TechnicalAlarm[], void>({
      query: () => PATHS.alarmsTechnical,
      providesTags: ['TechnicalAlarm'],
    }),
    dismissTechnicalAlarm: build.mutation<void, number>({
      query: (deviceId) => ({ url: PATHS.alarmsTechnicalDismiss, method: 'POST', params: { deviceId } }),
      invalidatesTags: ['TechnicalAlarm'],
    }),
    getProfile: build.query<DeviceProfile, number>({
      query: (id) => ({ url: PATHS.deviceProfile, params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
    putProfile: build.mutation<DeviceProfile, { id: number; profile: DeviceProfileInput }>({
      query: ({ id, profile }) => ({ url: PATHS.deviceProfile, method: 'PUT', params: { id }, body: profile }),
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
  useGetProfileQuery,
  usePutProfileMutation,
  useGetDeletedDevicesQuery,
  useRestoreDeviceMutation,
} = healthApi;
