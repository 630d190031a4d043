import Grid from '@mui/material/Grid';
import type { SosStats } from '@sos/contract';
import { Figure } from './HeadlineFigures.js';
import { useStatFormat } from './useStatFormat.js';

/** Expected events missed in the range (docs/expected-events.md): check-in windows, periodic tests. */
export function ExpectationFigures({
  stats,
}: {
  stats: Pick<SosStats, 'checkInsMissed' | 'testsMissed'>;
}) {
  const { number } = useStatFormat();
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Figure label="stats.checkInsMissed" value={number(stats.checkInsMissed)} detail={null} />
      <Figure label="stats.testsMissed" value={number(stats.testsMissed)} detail={null} />
    </Grid>
  );
}
