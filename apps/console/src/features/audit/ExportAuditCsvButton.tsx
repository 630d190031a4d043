import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { auditFilterQuery, type AuditFilter } from './AuditFilters.js';
import { useExportAuditCsvMutation } from './auditApi.js';

/** Hands the browser a blob URL as a download, then frees it. */
function download(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Esporta CSV": every record the filters on screen match (errors reach the snackbar like any call). */
export function ExportAuditCsvButton({ filter }: { filter: AuditFilter }) {
  const [exportCsv, { isLoading }] = useExportAuditCsvMutation();
  const onClick = async () => {
    const result = await exportCsv(auditFilterQuery(filter));
    if ('data' in result && result.data) {
      download(result.data, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={onClick} loading={isLoading}>
      <FormattedMessage id="report.exportCsv" />
    </Button>
  );
}
