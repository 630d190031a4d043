import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTimeSeconds } from '../../lib/format.js';
import type { Protocol, ReceiverSummary } from './receiverSummary.js';

/**
 * One receiver on Settings: on which port it listens (or off), and while on whether it takes
 * only encrypted frames, its last frame and how many it refused (docs/receivers.md).
 */
export function ReceiverLine({
  protocol,
  summary,
}: {
  protocol: Protocol;
  summary: ReceiverSummary | undefined;
}) {
  const intl = useIntl();
  const on = summary?.port != null;
  return (
    <Box component="li" data-testid={`receiver-${protocol}`}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 2,
        }}
      >
        <Typography component="span" dir="ltr">
          {intl.formatMessage({ id: `receivers.${protocol}` })}
        </Typography>
        {summary && (
          <Chip
            size="small"
            variant={on ? 'filled' : 'outlined'}
            color={on ? 'success' : 'default'}
            label={
              on
                ? intl.formatMessage({ id: 'receivers.listening' }, { port: summary.port })
                : intl.formatMessage({ id: 'receivers.off' })
            }
          />
        )}
      </Box>
      {on && (
        <Typography variant="body2" color="text.secondary" component="div">
          <div>
            <FormattedMessage id={summary.encrypted ? 'receivers.encrypted' : 'receivers.plain'} />
          </div>
          <div>
            {summary.lastFrameAt ? (
              <FormattedMessage
                id="receivers.lastFrame"
                values={{ time: <bdi>{formatDateTimeSeconds(summary.lastFrameAt)}</bdi> }}
              />
            ) : (
              <FormattedMessage id="receivers.noFrame" />
            )}
          </div>
          <div>
            <FormattedMessage
              id="receivers.refused"
              values={{ refused: summary.refused, frames: summary.frames }}
            />
          </div>
        </Typography>
      )}
    </Box>
  );
}
