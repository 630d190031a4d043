import { ExportMenu } from '../../components/ExportMenu.js';
import { filterQuery, type HistoryFilter } from './HistoryFilters.js';
import { useExportSosHistoryCsvMutation } from './historyApi.js';

/** "Esporta CSV": the history with the filters on screen, as CSV or for Excel (errors reach the snackbar). */
export function ExportCsvButton({ filter }: { filter: HistoryFilter }) {
  const [exportCsv, { isLoading }] = useExportSosHistoryCsvMutation();
  return (
    <ExportMenu
      name="sos-history"
      loading={isLoading}
      run={async (choice) => (await exportCsv({ ...filterQuery(filter), ...choice })).data}
    />
  );
}
