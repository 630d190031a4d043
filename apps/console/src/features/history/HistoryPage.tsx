import type { Sos } from '@sos/contract';
import { useState } from 'react';
import { isReversed } from '../../components/DateRangeFields.js';
import { LogPage } from '../../components/log/LogPage.js';
import { ClosedSosDialog } from './ClosedSosDialog.js';
import { filterQuery, HistoryFilters, NO_FILTER } from './HistoryFilters.js';
import { useExportSosHistoryCsvMutation, useGetSosHistoryPageQuery } from './historyApi.js';
import { useHistoryColumns } from './useHistoryColumns.js';

/**
 * The closed-SOS history (docs/console.md /sos/history), newest closure first, paged and filtered on
 * the server (docs/contract.md "Reports and history").
 */
export default function HistoryPage() {
  const columns = useHistoryColumns();
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
        // Nine columns: render them all (a buffer wider than they are), so every column is
        // in the page for screen readers and the browser's search, whatever the width.
        columnBufferPx: 4000,
        onRowClick: ({ row }) => setOpened(row),
        onCellKeyDown: ({ row }, event) => {
          if (event.key === 'Enter') setOpened(row);
        },
      }}
    >
      {opened && <ClosedSosDialog sos={opened} onClose={() => setOpened(null)} />}
    </LogPage>
  );
}
