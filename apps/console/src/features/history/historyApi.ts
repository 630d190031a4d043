import type { Sos } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../app/api.js';

/** The closed SOS, newest closure first (spec §7 /sos/getAll, DESIGN §3). */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSosHistory: build.query<Sos[], void>({
      query: () => PATHS.sosGetAll,
      providesTags: [{ type: 'Sos', id: 'HISTORY' }],
    }),
  }),
});

export const { useGetSosHistoryQuery } = historyApi;
