import { addListener } from '@reduxjs/toolkit';
import type { AlarmConf, ErrorCode, Sos, SosTimelineEntry } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import { sosAnswered } from '../devices/deviceActions.js';
import { liveEventReceived } from '../live/liveEvents.js';
import { keepTimelineLive, timelineChange } from './liveTimeline.js';
import { sameEntry } from './timelineEntries.js';

/** A 409 carries the SOS as it stands (docs/alarm-handling.md): the card shows it at once. */
function conflictSos(failure: unknown): Sos | undefined {
  const data = (failure as { error?: { data?: { code?: ErrorCode; sos?: Sos } } }).error?.data;
  return data?.code === 'SOS_ALREADY_ACKNOWLEDGED' || data?.code === 'SOS_NOT_OPEN'
    ? data.sos
    : undefined;
}

/** Taking charge, notes, the timeline and the alarm settings (docs/alarm-handling.md). */
export const sosHandlingApi = api.injectEndpoints({
  endpoints: (build) => ({
    ackSos: build.mutation<Sos, { sosId: number; takeOver?: boolean }>({
      query: ({ sosId, takeOver }) => ({
        url: PATHS.sosAck,
        method: 'POST',
        params: takeOver ? { sosId, takeOver: true } : { sosId },
      }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sosAnswered(data));
        } catch (failure) {
          const sos = conflictSos(failure);
          if (sos) dispatch(sosAnswered(sos)); // the snackbar says who (store/errors.ts)
        }
      },
    }),
    addSosNote: build.mutation<SosTimelineEntry, { sosId: number; text: string }>({
      query: ({ sosId, text }) => ({
        url: PATHS.sosNote,
        method: 'POST',
        params: { sosId },
        body: { text },
      }),
    }),
    /** The timeline of one SOS, kept live while it is shown (liveTimeline.ts). */
    getSosTimeline: build.query<SosTimelineEntry[], number>({
      query: (sosId) => ({ url: PATHS.sosTimeline, params: { sosId } }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(sosId, { dispatch, cacheDataLoaded, cacheEntryRemoved }) {
        await keepTimelineLive({
          loaded: cacheDataLoaded,
          removed: cacheEntryRemoved,
          // The listener middleware answers addListener with the function that removes it.
          listen: (onChange) =>
            dispatch(
              addListener({
                actionCreator: liveEventReceived,
                effect: ({ payload }) => {
                  const change = timelineChange(payload, sosId);
                  if (change) onChange(change);
                },
              }),
            ) as unknown as () => void,
          reload: () =>
            dispatch(
              sosHandlingApi.endpoints.getSosTimeline.initiate(sosId, {
                subscribe: false,
                forceRefetch: true,
              }),
            ),
          append: (entry) =>
            dispatch(
              sosHandlingApi.util.updateQueryData('getSosTimeline', sosId, (timeline) => {
                if (!timeline.some((e) => sameEntry(e, entry))) timeline.push(entry);
              }),
            ),
        });
      },
    }),
    getAlarmConf: build.query<AlarmConf, void>({
      query: () => PATHS.confAlarm,
    }),
    setAlarmConf: build.mutation<AlarmConf, AlarmConf>({
      query: (body) => ({ url: PATHS.confAlarm, method: 'POST', body }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(sosHandlingApi.util.upsertQueryData('getAlarmConf', undefined, data));
        } catch {
          // the shared error handler shows and logs it
        }
      },
    }),
  }),
});

export const {
  useAckSosMutation,
  useAddSosNoteMutation,
  useGetSosTimelineQuery,
  useGetAlarmConfQuery,
  useSetAlarmConfMutation,
} = sosHandlingApi;
