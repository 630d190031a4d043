import type { HistoryFilterQuery, HistoryPage, HistoryQuery } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import type { ExportChoice } from '../../components/ExportMenu.js';
import { logCsvRequest, logPageRequest } from '../../components/log/logRequests.js';

/**
 * The closed SOS, newest closure first, one server page at a time (docs/contract.md "Reports
 * and history"), and the same filters as a CSV file (an object URL the caller revokes).
 */
const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSosHistoryPage: build.query<HistoryPage, Partial<HistoryQuery>>({
      query: (query) => logPageRequest(PATHS.sosHistory, query),
      providesTags: [{ type: 'Sos', id: 'HISTORY' }],
    }),
    exportSosHistoryCsv: build.mutation<string, HistoryFilterQuery & Partial<ExportChoice>>({
      query: (filter) => logCsvRequest(PATHS.sosHistoryCsv, filter),
    }),
  }),
});

export const { useGetSosHistoryPageQuery, useExportSosHistoryCsvMutation } = historyApi;
