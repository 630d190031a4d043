import type { DeviceExpectations, DeviceSupervisionBody, Sos } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import { sosAnswered } from './deviceActions.js';

/** Expected events (docs/expected-events.md): what a device is expected to send, and the operator's check-in. */
const expectationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExpectations: build.query<DeviceExpectations, number>({
      query: (id) => ({ url: PATHS.deviceExpectations, params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
    setSupervision: build.mutation<DeviceExpectations, { id: number; body: DeviceSupervisionBody }>(
      {
        query: ({ id, body }) => ({
          url: PATHS.deviceSupervision,
          method: 'PATCH',
          params: { id },
          body,
        }),
        invalidatesTags: (_r, _e, { id }) => [{ type: 'Profile', id }],
      },
    ),
    /** "Check-in confermato" in the SOS detail; the card and timeline follow sos-updated. */
    confirmCheckIn: build.mutation<Sos, number>({
      query: (sosId) => ({ url: PATHS.sosCheckin, method: 'POST', params: { sosId } }),
      async onQueryStarted(_sosId, { dispatch, queryFulfilled }) {
        try {
          dispatch(sosAnswered((await queryFulfilled).data));
        } catch {
          // The snackbar says what went wrong (store/errors.ts).
        }
      },
    }),
  }),
});

export const { useGetExpectationsQuery, useSetSupervisionMutation, useConfirmCheckInMutation } =
  expectationsApi;
