import Grid from '@mui/material/Grid';
import { useState } from 'react';
import { DateRangeFields, isReversed, type DateRange } from '../../components/DateRangeFields.js';
import { PageHeader } from '../../components/PageHeader.js';
import { isoDay } from '../../lib/format.js';
import { CallFigures } from './CallFigures.js';
import { ExpectationFigures } from './ExpectationFigures.js';
import { HeadlineFigures } from './HeadlineFigures.js';
import { OperatorTable } from './OperatorTable.js';
import { DailyChart, KindsChart, OutcomesChart } from './StatsCharts.js';
import { useGetSosStatsQuery } from './statsApi.js';

/** The server's default too: the 7 days ending today. */
const lastWeek = (): DateRange => ({ from: isoDay(-6), to: isoDay() });

/**
 * "Statistiche" (docs/alarm-handling.md "Reports", /sos/stats): how fast SOS were taken in charge
 * against the targets, their outcomes, and who handled them, over a range of days.
 */
export default function StatsPage() {
  const [range, setRange] = useState(lastWeek);
  const { data } = useGetSosStatsQuery(
    { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) },
    { refetchOnMountOrArgChange: true, skip: isReversed(range) },
  );
  return (
    <>
      <PageHeader title="nav.stats">
        <DateRangeFields value={range} onChange={setRange} />
      </PageHeader>
      {data && !isReversed(range) && (
        <>
          <HeadlineFigures stats={data} />
          <CallFigures stats={data} />
          <ExpectationFigures stats={data} />
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <DailyChart days={data.byDay} />
            <OutcomesChart byOutcome={data.byOutcome} />
            <KindsChart byKind={data.byKind} />
          </Grid>
          <OperatorTable rows={data.byOperator} />
        </>
      )}
    </>
  );
}
