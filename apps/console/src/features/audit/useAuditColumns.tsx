import type { GridColDef } from '@mui/x-data-grid';
import type { AuditItem } from '@sos/contract';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { formatDateTimeSeconds } from '../../lib/format.js';
import { describeDetails } from './auditDetails.js';
import { SosTargetLink } from './SosTargetLink.js';

/**
 * Who, when, from where, what, on what, and how: one row per record, in words. An SOS
 * target is a link that opens it (`openSos`).
 */
export function useAuditColumns(openSos: (sosId: number) => void): GridColDef<AuditItem>[] {
  const intl = useIntl();
  return useMemo(() => {
    const header = (id: MessageId) => intl.formatMessage({ id });
    return [
      {
        field: 'at',
        headerName: header('audit.at'),
        width: 170,
        valueGetter: (value: string) => new Date(value).getTime(),
        valueFormatter: (value: number) => formatDateTimeSeconds(value),
      },
      {
        field: 'actor',
        headerName: header('audit.actor'),
        width: 120,
        valueGetter: (_value: unknown, row: AuditItem) =>
          row.actor?.username ?? header('audit.nobody'),
      },
      {
        field: 'address',
        headerName: header('audit.address'),
        width: 130,
        valueGetter: (value: string | null) =>
          value === 'cli' ? header('audit.cli') : (value ?? ''),
      },
      {
        field: 'action',
        headerName: header('audit.action'),
        width: 250,
        valueFormatter: (value: AuditItem['action']) =>
          intl.formatMessage({ id: `auditAction.${value}` }),
      },
      {
        field: 'target',
        headerName: header('audit.target'),
        width: 160,
        valueGetter: (_value: unknown, row: AuditItem) => row.target?.label ?? '',
        renderCell: ({ row, value }) =>
          row.target?.type === 'SOS' && typeof row.target.id === 'number' ? (
            <SosTargetLink
              label={value as string}
              onOpen={() => openSos(row.target!.id as number)}
            />
          ) : (
            (value as string)
          ),
      },
      {
        field: 'details',
        headerName: header('audit.details'),
        flex: 1,
        minWidth: 200,
        valueGetter: (_value: unknown, row: AuditItem) => describeDetails(intl, row.details),
        // A long text is cut with an ellipsis: the whole of it on hover.
        renderCell: ({ value }) => <span title={value as string}>{value as string}</span>,
      },
    ];
  }, [intl, openSos]);
}
