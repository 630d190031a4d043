import type { AuditFilterQuery, AuditPage, AuditQuery, AuditVerify } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import type { ExportChoice } from '../../components/ExportMenu.js';
import { logCsvRequest, logPageRequest } from '../../components/log/logRequests.js';

/**
 * The audit log, newest first, one server page at a time, and the same filters as a CSV
 * file (an object URL the caller revokes). Exporting is itself recorded by the server.
 * And the chain's verification.
 */
const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditPage: build.query<AuditPage, Partial<AuditQuery>>({
      query: (query) => logPageRequest(PATHS.audit, query),
    }),
    // Read again at each click: the chain may have changed since.
    verifyAudit: build.query<AuditVerify, void>({
      query: () => ({ url: PATHS.auditVerify }),
      keepUnusedDataFor: 0,
    }),
    exportAuditCsv: build.mutation<string, AuditFilterQuery & Partial<ExportChoice>>({
      query: (filter) => logCsvRequest(PATHS.auditCsv, filter),
    }),
  }),
});

export const { useGetAuditPageQuery, useExportAuditCsvMutation, useLazyVerifyAuditQuery } =
  auditApi;
