import Stack from '@mui/material/Stack';
import type { DataGridProps, GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { PAGE_SIZE } from '@sos/contract/limits';
import type { ComponentType, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { AppDataGrid } from '../AppDataGrid.js';
import { PageHeader } from '../PageHeader.js';
import { LogExportButton, type UseLogExport } from './LogExportButton.js';
import { useCursorPages } from './useCursorPages.js';

/** A page of a keyset-paged log as the server answers it. */
interface LogPageData<Row> {
  items: Row[];
  nextCursor: string | null;
  total: number;
}

/** A log's page query hook (RTK Query's): the query with limit and cursor. */
type UseLogPage<Q, Row> = (
  query: Q & { limit: number; cursor?: string },
  options: { refetchOnMountOrArgChange: true; skip: boolean },
) => { data?: LogPageData<Row> | undefined; isFetching: boolean };

export interface LogPageProps<F, Q, Row extends GridValidRowModel> {
  /** The screen's h1 and the grid's name. */
  title: MessageId;
  /** The filters as the screen starts (and after a reset). */
  emptyFilter: F;
  Filters: ComponentType<{ value: F; onChange: (next: F) => void }>;
  /** The filters as query parameters: only those set. */
  toQuery: (filter: F) => Q;
  /** Filters the server would refuse (a reversed range): no request, an empty grid. */
  skip?: (filter: F) => boolean;
  usePage: UseLogPage<Q, Row>;
  /** The export's file name before the date, and its mutation. */
  exportName: string;
  useExport: UseLogExport<Q>;
  columns: GridColDef<Row>[];
  /** What a screen adds to the grid: row clicks, column rendering. */
  gridProps?: Partial<DataGridProps<Row>>;
  /** Rendered after the grid: a row's dialog. */
  children?: ReactNode;
  /** Beside the export button: the screen's own actions. */
  actions?: ReactNode;
}

/**
 * A filtered log, paged on the server along a keyset (the history, the audit log): the title
 * with the export button, the filters, the grid one page at a time. Its order is the server's
 * over every page, so the grid never sorts: sorting the rows shown would pass for sorting the
 * whole log, and it is not.
 */
export function LogPage<F, Q, Row extends GridValidRowModel>({
  title,
  emptyFilter,
  Filters,
  toQuery,
  skip,
  usePage,
  exportName,
  useExport,
  columns,
  gridProps,
  children,
  actions,
}: LogPageProps<F, Q, Row>) {
  const intl = useIntl();
  const paging = useCursorPages(emptyFilter);
  const skipped = skip?.(paging.filter) ?? false;
  const query = toQuery(paging.filter);
  const { data: answered, isFetching } = usePage(
    { ...query, limit: PAGE_SIZE, ...(paging.cursor ? { cursor: paging.cursor } : {}) },
    { refetchOnMountOrArgChange: true, skip: skipped },
  );
  const data = skipped ? undefined : answered;
  return (
    <>
      <PageHeader title={title}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {actions}
          <LogExportButton name={exportName} query={query} useExport={useExport} />
        </Stack>
      </PageHeader>
      <Filters value={paging.filter} onChange={paging.setFilter} />
      <AppDataGrid<Row>
        rows={data?.items ?? []}
        columns={columns}
        loading={isFetching}
        paginationMode="server"
        disableColumnSorting
        rowCount={data?.total ?? 0}
        paginationModel={paging.paginationModel}
        onPaginationModelChange={(model) => paging.onPaginationModelChange(model, data?.nextCursor)}
        aria-label={intl.formatMessage({ id: title })}
        {...gridProps}
      />
      {children}
    </>
  );
}
