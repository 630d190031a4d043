import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { SosStats } from '@sos/contract';
import { SOS_OUTCOMES } from '@sos/contract/limits';
import { KIND_SEVERITY } from '@sos/contract';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messageId.js';
import { localDigits } from '../../lib/format.js';
import { useStatFormat } from './useStatFormat.js';

const HEIGHT = 300;
/** YYYY-MM-DD → DD/MM, the console's day order, in the language's digits (docs/console.md). */
const shortDay = (day: string) => localDigits(`${day.slice(8, 10)}/${day.slice(5, 7)}`);

function ChartCard({ title, children }: { title: MessageId; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, lg: 6 }}>
      <Paper variant="outlined" sx={{ p: 2 }} data-chart={title}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          <FormattedMessage id={title} />
        </Typography>
        {children}
      </Paper>
    </Grid>
  );
}

/** The daily median time to take charge (s) and the share within the target (%). */
export function DailyChart({ days }: { days: SosStats['byDay'] }) {
  const intl = useIntl();
  const { number } = useStatFormat();
  return (
    <ChartCard title="stats.dailyChart">
      <LineChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'point', data: days.map((d) => d.day), valueFormatter: shortDay }]}
        yAxis={[
          { id: 'seconds', min: 0, valueFormatter: (v: number) => number(v) },
          {
            id: 'pct',
            min: 0,
            max: 100,
            position: 'right',
            valueFormatter: (v: number) => number(v),
          },
        ]}
        series={[
          {
            data: days.map((d) => d.medianAckSeconds),
            label: intl.formatMessage({ id: 'stats.dailyMedian' }),
            yAxisId: 'seconds',
            connectNulls: true,
            showMark: true,
            valueFormatter: (v) => (v === null ? '' : number(v)),
          },
          {
            data: days.map((d) => d.ackWithinTargetPct),
            label: intl.formatMessage({ id: 'stats.dailyWithin' }),
            yAxisId: 'pct',
            connectNulls: true,
            showMark: true,
            valueFormatter: (v) => (v === null ? '' : number(v)),
          },
        ]}
      />
    </ChartCard>
  );
}

/** One count per label, as horizontal bars. */
function CountsChart({
  title,
  labels,
  counts,
}: {
  title: MessageId;
  labels: string[];
  counts: number[];
}) {
  const intl = useIntl();
  return (
    <ChartCard title={title}>
      <BarChart
        height={HEIGHT}
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: labels, width: 190 }]}
        xAxis={[{ min: 0, tickMinStep: 1, valueFormatter: (v: number) => intl.formatNumber(v) }]}
        series={[{ data: counts }]}
      />
    </ChartCard>
  );
}

/** How many SOS ended with each outcome. */
export function OutcomesChart({ byOutcome }: { byOutcome: SosStats['byOutcome'] }) {
  const intl = useIntl();
  const labels = SOS_OUTCOMES.map((o) => intl.formatMessage({ id: `outcome.${o}` }));
  return (
    <CountsChart
      title="stats.outcomesChart"
      labels={labels}
      counts={SOS_OUTCOMES.map((o) => byOutcome[o])}
    />
  );
}

/** How many SOS of each kind were raised (the API's byKind), most severe kind first. */
export function KindsChart({ byKind }: { byKind: SosStats['byKind'] }) {
  const intl = useIntl();
  const labels = KIND_SEVERITY.map((k) => intl.formatMessage({ id: `kind.${k}` }));
  return (
    <CountsChart
      title="stats.kindsChart"
      labels={labels}
      counts={KIND_SEVERITY.map((k) => byKind[k])}
    />
  );
}
