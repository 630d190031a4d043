import type { AuditFilterQuery, AuditPage, AuditQuery } from '@sos/contract';
import { PATHS } from '@sos/contract/paths';
import { api } from '../../store/api.js';
import type { ExportChoice } from '../../components/ExportMenu.js';

/** Drops unset filters, so the URL carries only what the user chose. */
const params = (query: Partial<AuditQuery>) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );

/**
 * The audit log, newest first, one server page at a time, and the same filters as a CSV
 * file (an object URL the caller revokes). Exporting is itself recorded by the server.
 */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditPage: build.query<AuditPage, Partial<AuditQuery>>({
      query: (query) => ({ url: PATHS.audit, params: params(query) }),
    }),
    exportAuditCsv: build.mutation<string, AuditFilterQuery & Partial<ExportChoice>>({
      query: (filter) => ({
        url: PATHS.auditCsv,
        params: params(filter),
        // The bearer header rules out a plain link: fetch, then hand the browser a blob.
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : response.json(),
      }),
    }),
  }),
});

export const { useGetAuditPageQuery, useExportAuditCsvMutation } = auditApi;
