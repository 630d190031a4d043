import type { AuditItem } from '@sos/contract';
import { LogPage } from '../../components/log/LogPage.js';
import { AuditFilters, auditFilterQuery, NO_AUDIT_FILTER } from './AuditFilters.js';
import { useExportAuditCsvMutation, useGetAuditPageQuery } from './auditApi.js';
import { useAuditColumns } from './useAuditColumns.js';

/**
 * "Registro attività" (/audit): who did what, when, from where, newest first, paged and
 * filtered on the server (docs/audit.md). Super administrators only.
 */
export default function AuditPage() {
  const columns = useAuditColumns();
  return (
    <LogPage<typeof NO_AUDIT_FILTER, ReturnType<typeof auditFilterQuery>, AuditItem>
      title="nav.audit"
      emptyFilter={NO_AUDIT_FILTER}
      Filters={AuditFilters}
      toQuery={auditFilterQuery}
      usePage={useGetAuditPageQuery}
      exportName="audit-log"
      useExport={useExportAuditCsvMutation}
      columns={columns}
    />
  );
}
