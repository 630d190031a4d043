import type { AuditItem } from '@sos/contract';
import { PAGE_SIZE } from '@sos/contract/limits';
import { useIntl } from 'react-intl';
import { AppDataGrid } from '../../components/AppDataGrid.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useCursorPages } from '../history/useCursorPages.js';
import { AuditFilters, auditFilterQuery, NO_AUDIT_FILTER } from './AuditFilters.js';
import { useGetAuditPageQuery } from './auditApi.js';
import { ExportAuditCsvButton } from './ExportAuditCsvButton.js';
import { useAuditColumns } from './useAuditColumns.js';

/**
 * "Registro attività" (/audit): who did what, when, from where, newest first, paged and
 * filtered on the server (docs/audit.md). Super administrators only.
 */
export default function AuditPage() {
  const intl = useIntl();
  const paging = useCursorPages(NO_AUDIT_FILTER);
  const { data, isFetching } = useGetAuditPageQuery(
    {
      ...auditFilterQuery(paging.filter),
      limit: PAGE_SIZE,
      ...(paging.cursor ? { cursor: paging.cursor } : {}),
    },
    { refetchOnMountOrArgChange: true },
  );
  const columns = useAuditColumns();
  return (
    <>
      <PageHeader title="nav.audit">
        <ExportAuditCsvButton filter={paging.filter} />
      </PageHeader>
      <AuditFilters value={paging.filter} onChange={paging.setFilter} />
      <AppDataGrid<AuditItem>
        rows={data?.items ?? []}
        columns={columns}
        loading={isFetching}
        paginationMode="server"
        // The order is the server's (newest first) over every page: sorting the rows shown
        // would pass for sorting the whole log.
        disableColumnSorting
        rowCount={data?.total ?? 0}
        paginationModel={paging.paginationModel}
        onPaginationModelChange={(model) => paging.onPaginationModelChange(model, data?.nextCursor)}
        aria-label={intl.formatMessage({ id: 'nav.audit' })}
      />
    </>
  );
}
