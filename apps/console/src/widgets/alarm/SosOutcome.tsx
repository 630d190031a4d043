import Typography from '@mui/material/Typography';
import type { Sos } from '@sos/contract';
import { FormattedMessage } from 'react-intl';
import { formatDateTimeSeconds } from '../../lib/format.js';

/** A closed SOS's outcome, who closed it and when, and its closing note. */
export function SosOutcome({ sos }: { sos: Sos }) {
  const closer = sos.closedBy?.username;
  return (
    <>
      <Typography variant="body2">
        <FormattedMessage id={sos.outcome ? `outcome.${sos.outcome}` : 'alarm.noOutcome'} />
        {closer && (
          <>
            {' · '}
            <FormattedMessage id="alarm.by" values={{ username: closer }} />
          </>
        )}
        {' · '}
        <bdi dir="ltr">{formatDateTimeSeconds(sos.lastUpdated)}</bdi>
      </Typography>
      {sos.note && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {sos.note}
        </Typography>
      )}
    </>
  );
}
