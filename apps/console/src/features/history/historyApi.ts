import type { HistoryFilterQuery, HistoryPage, HistoryQuery } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import type { ExportChoice } from '../../components/ExportMenu.js';

/** Drops unset filters, so the URL carries only what the user chose. */
const params = (query: Partial<HistoryQuery>) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );

/**
 * The closed SOS, newest closure first, one server page at a time (docs/contract.md "Reports
 * and history"), and the same filters as a CSV file (an object URL the caller revokes).
 */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSosHistoryPage: build.query<HistoryPage, Partial<HistoryQuery>>({
      query: (query) => ({ url: PATHS.sosHistory, params: params(query) }),
      providesTags: [{ type: 'Sos', id: 'HISTORY' }],
    }),
    exportSosHistoryCsv: build.mutation<string, HistoryFilterQuery & Partial<ExportChoice>>({
      query: (filter) => ({
        url: PATHS.sosHistoryCsv,
        params: params(filter),
        // The bearer header rules out a plain link: fetch, then hand the browser a blob.
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
  }),
});

export const { useGetSosHistoryPageQuery, useExportSosHistoryCsvMutation } = historyApi;
