import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import type { AlarmKind, Sos, SosOutcome } from '@sos/contract';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { formatDateTimeSeconds, formatDuration } from '../../lib/format.js';
import { SosStateChip } from './SosStateChip.js';

const time = (iso: string) => new Date(iso).getTime();

/**
 * Hidden until shown from a column's menu ("Gestisci colonne"): with them the grid is wider than
 * a 1440 px screen's, and "Chiuso da" went off-screen (docs/shift.md "Smaller points").
 */
export const HISTORY_HIDDEN_COLUMNS = { acknowledgedBy: false, ackTime: false, calls: false };

/**
 * docs/console.md History: Stato, Data di apertura, Data di chiusura (lastUpdated), Durata
 * (lastUpdated − dateCreated), Dispositivo; plus who closed it. Times are kept as numbers,
 * shown as text (the page's order is the server's: HistoryPage).
 */
export function useHistoryColumns(): GridColDef<Sos>[] {
  const intl = useIntl();
  return useMemo(() => {
    const header = (id: MessageId) => intl.formatMessage({ id });
    return [
      {
        field: 'state',
        headerName: header('history.state'),
        width: 110,
        valueFormatter: (value: Sos['state']) => intl.formatMessage({ id: `sosState.${value}` }),
        renderCell: ({ row, formattedValue }: GridRenderCellParams<Sos, Sos['state'], string>) => (
          <SosStateChip state={row.state} label={formattedValue ?? ''} />
        ),
      },
      {
        field: 'dateCreated',
        headerName: header('history.dateCreated'),
        width: 165,
        valueGetter: (value: string) => time(value),
        valueFormatter: (value: number) => formatDateTimeSeconds(value),
      },
      {
        field: 'lastUpdated',
        headerName: header('history.dateClosed'),
        width: 165,
        valueGetter: (value: string) => time(value),
        valueFormatter: (value: number) => formatDateTimeSeconds(value),
      },
      {
        field: 'duration',
        headerName: header('history.duration'),
        width: 100,
        valueGetter: (_value: unknown, row: Sos) => time(row.lastUpdated) - time(row.dateCreated),
        // The value is exact; the text is whole seconds like the dates.
        valueFormatter: (_value: number, row: Sos) =>
          formatDuration(row.dateCreated, row.lastUpdated),
      },
      {
        field: 'device',
        headerName: header('history.device'),
        flex: 1,
        minWidth: 130,
        valueGetter: (_value: unknown, row: Sos) => row.device.displayName,
      },
      // docs/alarm-handling.md: three columns after the spec's five.
      {
        field: 'outcome',
        headerName: header('alarm.history.outcome'),
        width: 160,
        valueFormatter: (value: SosOutcome | null) =>
          value ? intl.formatMessage({ id: `outcome.${value}` }) : '',
      },
      {
        field: 'acknowledgedBy',
        headerName: header('alarm.history.acknowledgedBy'),
        minWidth: 160,
        flex: 1,
        valueGetter: (_value: unknown, row: Sos) => row.acknowledgedBy?.username ?? '',
      },
      {
        field: 'ackTime',
        headerName: header('alarm.history.ackTime'),
        width: 200,
        valueGetter: (_value: unknown, row: Sos) =>
          row.acknowledgedAt ? time(row.acknowledgedAt) - time(row.dateCreated) : null,
        valueFormatter: (_value: number | null, row: Sos) =>
          row.acknowledgedAt ? formatDuration(row.dateCreated, row.acknowledgedAt) : '',
      },
      // docs/alarm-kinds.md: what the SOS was about, after those three.
      {
        field: 'kind',
        headerName: header('kind.column'),
        width: 140,
        valueFormatter: (value: AlarmKind) => intl.formatMessage({ id: `kind.${value}` }),
      },
      // docs/call-out.md: the calls logged while handling it.
      {
        field: 'calls',
        headerName: header('call.history.calls'),
        type: 'number',
        width: 110,
        valueFormatter: (value: number | undefined) =>
          value === undefined ? '' : intl.formatNumber(value),
      },
      {
        field: 'closedBy',
        headerName: header('history.closedBy'),
        flex: 1,
        minWidth: 120,
        valueGetter: (_value: unknown, row: Sos) => row.closedBy?.username ?? '',
      },
    ];
  }, [intl]);
}
