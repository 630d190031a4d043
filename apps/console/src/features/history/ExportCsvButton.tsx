import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { filterQuery, type HistoryFilter } from './HistoryFilters.js';
import { useExportSosHistoryCsvMutation } from './historyApi.js';

/** Hands the browser a blob URL as a download, then frees it. */
function download(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // After the click has started the download; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Esporta CSV": the history with the filters on screen (errors reach the snackbar like any call). */
export function ExportCsvButton({ filter }: { filter: HistoryFilter }) {
  const [exportCsv, { isLoading }] = useExportSosHistoryCsvMutation();
  const onClick = async () => {
    const result = await exportCsv(filterQuery(filter));
    if ('data' in result && result.data) {
      download(result.data, `sos-history-${new Date().toISOString().slice(0, 10)}.csv`);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={onClick} loading={isLoading}>
      <FormattedMessage id="report.exportCsv" />
    </Button>
  );
}
