import type { HistoryPage, Sos } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';

/** One closed SOS by its id, from the history (docs/audit.md): null when it is not closed. */
const closedSosApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClosedSos: build.query<Sos | null, number>({
      query: (sosId) => ({ url: PATHS.sosHistory, params: { sosId, limit: 1 } }),
      transformResponse: (page: HistoryPage) => page.items[0] ?? null,
    }),
  }),
});

export const { useGetClosedSosQuery } = closedSosApi;
