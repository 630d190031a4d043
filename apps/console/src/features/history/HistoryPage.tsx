import type { Sos } from '@sos/contract';
import { PAGE_SIZE } from '@sos/contract/limits';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppDataGrid } from '../../components/AppDataGrid.js';
import { isReversed } from '../../components/DateRangeFields.js';
import { PageHeader } from '../../components/PageHeader.js';
import { ClosedSosDialog } from './ClosedSosDialog.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import { filterQuery, HistoryFilters, NO_FILTER } from './HistoryFilters.js';
import { useGetSosHistoryPageQuery } from './historyApi.js';
import { useCursorPages } from './useCursorPages.js';
import { useHistoryColumns } from './useHistoryColumns.js';

/**
 * The closed-SOS history (docs/console.md /sos/history), newest closure first, paged and filtered on
 * the server (docs/contract.md "Reports and history"; §7 "Bounded answers").
 */
export default function HistoryPage() {
  const intl = useIntl();
  const paging = useCursorPages(NO_FILTER);
  const reversed = isReversed(paging.filter);
  const { data: answered, isFetching } = useGetSosHistoryPageQuery(
    {
      ...filterQuery(paging.filter),
      limit: PAGE_SIZE,
      ...(paging.cursor ? { cursor: paging.cursor } : {}),
    },
    { refetchOnMountOrArgChange: true, skip: reversed },
  );
  const data = reversed ? undefined : answered;
  const columns = useHistoryColumns();
  // A row opens the closed SOS's detail, read only (docs/shift.md).
  const [opened, setOpened] = useState<Sos | null>(null);
  return (
    <>
      <PageHeader title="history.title">
        <ExportCsvButton filter={paging.filter} />
      </PageHeader>
      <HistoryFilters value={paging.filter} onChange={paging.setFilter} />
      <AppDataGrid<Sos>
        rows={data?.items ?? []}
        columns={columns}
        loading={isFetching}
        paginationMode="server"
        // The order is the server's (newest closure first) over every page: sorting the 20
        // rows shown would pass for sorting the whole history, and it is not.
        disableColumnSorting
        // Nine columns: render them all (a buffer wider than they are), so every column is
        // in the page for screen readers and the browser's search, whatever the width.
        columnBufferPx={4000}
        rowCount={data?.total ?? 0}
        paginationModel={paging.paginationModel}
        onPaginationModelChange={(model) => paging.onPaginationModelChange(model, data?.nextCursor)}
        aria-label={intl.formatMessage({ id: 'history.title' })}
        onRowClick={({ row }) => setOpened(row)}
        onCellKeyDown={({ row }, event) => {
          if (event.key === 'Enter') setOpened(row);
        }}
      />
      {opened && <ClosedSosDialog sos={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
