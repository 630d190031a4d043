import { ExportMenu } from '../../components/ExportMenu.js';
import { auditFilterQuery, type AuditFilter } from './AuditFilters.js';
import { useExportAuditCsvMutation } from './auditApi.js';

/** "Esporta CSV": every record the filters on screen match, as CSV or for Excel (errors reach the snackbar). */
export function ExportAuditCsvButton({ filter }: { filter: AuditFilter }) {
  const [exportCsv, { isLoading }] = useExportAuditCsvMutation();
  return (
    <ExportMenu
      name="audit-log"
      loading={isLoading}
      run={async (choice) => (await exportCsv({ ...auditFilterQuery(filter), ...choice })).data}
    />
  );
}
