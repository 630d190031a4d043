import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Sos } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/format.js';
import { SosAge } from './SosAge.js';

/** When it was raised, how long ago, whether it is late and who has it. */
export function SosStatus({ sos, open }: { sos: Sos; open: boolean }) {
  const intl = useIntl();
  const owner = sos.acknowledgedBy?.username;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2">
        <FormattedMessage
          id="dashboard.sosOpenedAt"
          values={{ time: <bdi dir="ltr">{formatDateTime(sos.dateCreated)}</bdi> }}
        />
        {open && (
          <>
            {' · '}
            <SosAge since={sos.dateCreated} />
          </>
        )}
      </Typography>
      {!open && <Chip size="small" label={intl.formatMessage({ id: 'sosState.CLOSED' })} />}
      {sos.escalatedAt && (
        <Chip size="small" color="error" label={intl.formatMessage({ id: 'alarm.late' })} />
      )}
      {owner && (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={intl.formatMessage({ id: 'alarm.inChargeOf' }, { username: owner })}
        />
      )}
    </Stack>
  );
}
