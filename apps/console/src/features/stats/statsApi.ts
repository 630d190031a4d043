import type { ReportRangeQuery, SosStats } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';

/** docs/alarm-handling.md "Reports": GET /api/sos/stats over a range of days. */
const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSosStats: build.query<SosStats, ReportRangeQuery>({
      query: (range) => ({ url: PATHS.sosStats, params: range }),
      providesTags: [{ type: 'Sos', id: 'HISTORY' }],
    }),
  }),
});

export const { useGetSosStatsQuery } = statsApi;
