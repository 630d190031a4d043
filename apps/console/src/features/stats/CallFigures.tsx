import Grid from '@mui/material/Grid';
import type { SosStats } from '@sos/contract';
import { useIntl } from 'react-intl';
import { Figure } from './HeadlineFigures.js';
import { NO_DATA, useStatFormat } from './useStatFormat.js';

/**
 * The call-out's two figures (docs/call-out.md): calls logged per SOS, and the share of calls
 * to contacts that were answered. A dash where the server has no data (null). Beside them, the SOS
 * closed without anyone taking charge (docs/alarm-handling.md "Close policy").
 */
export function CallFigures({ stats }: { stats: SosStats }) {
  const intl = useIntl();
  const { number, pct } = useStatFormat();
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Figure
        label="stats.callsPerSos"
        value={stats.callsPerSos === null ? NO_DATA : number(stats.callsPerSos)}
        detail={intl.formatMessage({ id: 'stats.callsPerSosDetail' })}
      />
      <Figure
        label="stats.contactReached"
        value={pct(stats.contactReachedPct)}
        detail={intl.formatMessage({ id: 'stats.contactReachedDetail' })}
      />
      <Figure
        label="stats.closedWithoutAck"
        value={number(stats.closedWithoutAck)}
        detail={intl.formatMessage({ id: 'stats.closedWithoutAckDetail' })}
      />
    </Grid>
  );
}
