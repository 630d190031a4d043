import type { GridCellParams, GridRowParams } from '@mui/x-data-grid';
import type { Sos } from '@sos/contract';
import { useState } from 'react';
import { isReversed } from '../../components/DateRangeFields.js';
import { LogPage } from '../../components/log/LogPage.js';
import { SosDetailDialog } from '../../widgets/alarm/SosDetailDialog.js';
import { filterQuery, HistoryFilters, NO_FILTER } from './HistoryFilters.js';
import { useExportSosHistoryCsvMutation, useGetSosHistoryPageQuery } from './historyApi.js';
import { useColumnChoice } from './useColumnChoice.js';
import { useHistoryColumns } from './useHistoryColumns.js';

/**
 * The closed-SOS history (docs/console.md /sos/history), newest closure first, paged and filtered on
 * the server (docs/contract.md "Reports and history").
 */
export default function HistoryPage() {
  const columns = useHistoryColumns();
  const columnChoice = useColumnChoice();
  // A row opens the closed SOS's detail, read only (docs/shift.md).
  const [opened, setOpened] = useState<Sos | null>(null);
  return (
    <LogPage<typeof NO_FILTER, ReturnType<typeof filterQuery>, Sos>
      title="history.title"
      emptyFilter={NO_FILTER}
      Filters={HistoryFilters}
      toQuery={filterQuery}
      skip={isReversed}
      usePage={useGetSosHistoryPageQuery}
      exportName="sos-history"
      useExport={useExportSosHistoryCsvMutation}
      columns={columns}
      gridProps={{
        // Render every shown column (a buffer wider than they are), so each is in the page for
        // screen readers and the browser's search, whatever the width.
        columnBufferPx: 4000,
        ...columnChoice,
        onRowClick: ({ row }: GridRowParams<Sos>) => setOpened(row),
        onCellKeyDown: ({ row }: GridCellParams<Sos>, event) => {
          if (event.key === 'Enter') setOpened(row);
        },
      }}
    >
      {opened && <SosDetailDialog closed={opened} onClose={() => setOpened(null)} />}
    </LogPage>
  );
}
