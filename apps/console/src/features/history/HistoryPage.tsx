import type { Sos } from '@sos/contract';
import { useIntl } from 'react-intl';
import { AppDataGrid } from '../../components/AppDataGrid.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useGetSosHistoryQuery } from './historyApi.js';
import { useHistoryColumns } from './useHistoryColumns.js';

/** The closed-SOS history (spec §2 /sos/history), newest closure first. */
export default function HistoryPage() {
  const intl = useIntl();
  const { data = [], isFetching } = useGetSosHistoryQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const columns = useHistoryColumns();
  return (
    <>
      <PageHeader title="history.title" />
      <AppDataGrid<Sos>
        rows={data}
        columns={columns}
        loading={isFetching}
        aria-label={intl.formatMessage({ id: 'history.title' })}
      />
    </>
  );
}
