import type { AuditItem } from '@sos/contract';
import { useState } from 'react';
import { LogPage } from '../../components/log/LogPage.js';
import { AuditFilters, auditFilterQuery, NO_AUDIT_FILTER } from './AuditFilters.js';
import { AuditSosDialog } from './AuditSosDialog.js';
import { AuditVerifyButton } from './AuditVerifyButton.js';
import { useExportAuditCsvMutation, useGetAuditPageQuery } from './auditApi.js';
import { useAuditColumns } from './useAuditColumns.js';

/**
 * "Registro attività" (/audit): who did what, when, from where, newest first, paged and
 * filtered on the server (docs/audit.md). Super administrators only. An SOS named in a
 * record opens from it; "Verifica integrità" re-checks the chain.
 */
export default function AuditPage() {
  const [sosId, setSosId] = useState<number | null>(null);
  const columns = useAuditColumns(setSosId);
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
      actions={<AuditVerifyButton />}
    >
      {sosId !== null && <AuditSosDialog sosId={sosId} onClose={() => setSosId(null)} />}
    </LogPage>
  );
}
