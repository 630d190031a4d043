import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SosStats } from '@sos/contract';
import { ACK_180S_GOAL_PCT, ACK_TARGET_GOAL_PCT } from '@sos/contract/limits';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { useStatFormat } from './useStatFormat.js';

/** docs/alarm-handling.md: green when ≥ 98.5 % within the target and ≥ 99 % within 180 s, else red. */
function goalsMet(stats: SosStats): boolean | null {
  if (stats.ackWithinTargetPct === null || stats.ackWithin180sPct === null) return null;
  return (
    stats.ackWithinTargetPct >= ACK_TARGET_GOAL_PCT && stats.ackWithin180sPct >= ACK_180S_GOAL_PCT
  );
}

export function Figure({
  label,
  value,
  detail,
  tone,
}: {
  label: MessageId;
  value: string;
  detail: ReactNode;
  tone?: 'success' | 'error';
}) {
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Paper
        variant="outlined"
        sx={{ p: 2, height: '100%' }}
        data-figure={label}
        data-tone={tone ?? 'neutral'}
      >
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id={label} />
        </Typography>
        <Typography
          variant="h4"
          component="p"
          sx={{ my: 0.5, fontWeight: 600, color: tone ? `${tone}.main` : 'text.primary' }}
        >
          {value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Paper>
    </Grid>
  );
}

/** The four headline figures, the two percentages against their goals. */
export function HeadlineFigures({ stats }: { stats: SosStats }) {
  const intl = useIntl();
  const { pct, seconds } = useStatFormat();
  const met = goalsMet(stats);
  const tone = met === null ? undefined : met ? 'success' : 'error';
  const goal = (value: number) => intl.formatMessage({ id: 'stats.goal' }, { pct: pct(value) });
  return (
    <>
      {met !== null && (
        <Chip
          color={met ? 'success' : 'error'}
          label={intl.formatMessage({ id: met ? 'stats.goalsMet' : 'stats.goalsMissed' })}
          sx={{ mb: 2 }}
        />
      )}
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Figure
          label="stats.withinTarget"
          value={pct(stats.ackWithinTargetPct)}
          detail={goal(ACK_TARGET_GOAL_PCT)}
          tone={tone}
        />
        <Figure
          label="stats.within180"
          value={pct(stats.ackWithin180sPct)}
          detail={goal(ACK_180S_GOAL_PCT)}
          tone={tone}
        />
        <Figure
          label="stats.medianAck"
          value={seconds(stats.medianAckSeconds)}
          detail={intl.formatMessage(
            { id: 'stats.p90Ack' },
            { value: seconds(stats.p90AckSeconds) },
          )}
        />
        <Figure
          label="stats.total"
          value={intl.formatNumber(stats.total)}
          detail={
            <>
              {intl.formatMessage(
                { id: 'stats.acknowledged' },
                { n: intl.formatNumber(stats.acknowledged) },
              )}
              {' · '}
              <FormattedMessage id="stats.medianClose" />: {seconds(stats.medianCloseSeconds)}
            </>
          }
        />
      </Grid>
    </>
  );
}
