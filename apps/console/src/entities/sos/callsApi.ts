import type { ErrorCode, Sos, SosCallBody, SosTimelineEntry } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import { sosAnswered } from '../devices/deviceActions.js';
import { sosHandlingApi } from './sosHandlingApi.js';
import { sameEntry } from './timelineEntries.js';

/**
 * The call-out (docs/call-out.md): one request per call an operator makes. The answer is the
 * CALL entry; it goes into the SOS's timeline at once (the `sos-note` event brings the same
 * entry to every console, this one included, and is then recognised as already there).
 */
const callsApi = api.injectEndpoints({
  endpoints: (build) => ({
    logSosCall: build.mutation<SosTimelineEntry, { sosId: number; call: SosCallBody }>({
      query: ({ sosId, call }) => ({
        url: PATHS.sosCall,
        method: 'POST',
        params: { sosId },
        body: call,
      }),
      async onQueryStarted({ sosId }, { dispatch, queryFulfilled }) {
        try {
          const { data: entry } = await queryFulfilled;
          dispatch(
            sosHandlingApi.util.updateQueryData('getSosTimeline', sosId, (timeline) => {
              if (!timeline.some((e) => sameEntry(e, entry))) timeline.push(entry);
            }),
          );
        } catch (failure) {
          // Closed meanwhile: the 409 carries the SOS, so the detail turns read-only and the
          // shared error handler says who closed it.
          const data = (failure as { error?: { data?: { code?: ErrorCode; sos?: Sos } } }).error
            ?.data;
          if (data?.code === 'SOS_NOT_OPEN' && data.sos) dispatch(sosAnswered(data.sos));
        }
      },
    }),
  }),
});

export const { useLogSosCallMutation } = callsApi;
