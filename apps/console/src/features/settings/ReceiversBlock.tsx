import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECEIVER_PROTOCOLS, type ReceiversResponse } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { useGetReceiversQuery } from './receiversApi.js';

type Protocol = (typeof RECEIVER_PROTOCOLS)[number];

/** A protocol listens on one port for TCP and UDP: on when either is listening. */
function portOf(receivers: ReceiversResponse, protocol: Protocol): number | null {
  const entry = receivers.find((r) => r.protocol === protocol && r.listening && r.port !== null);
  return entry?.port ?? null;
}

/**
 * "Ricevitori" on Settings: each alarm receiver (DC-09, SCAIP) and whether it listens, on
 * which port. Read each time Settings opens; configured by the server's variables only.
 */
export function ReceiversBlock() {
  const intl = useIntl();
  const { data } = useGetReceiversQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="receivers-title"
      sx={{ p: { xs: 2, sm: 3 }, mt: 3, maxWidth: 560 }}
    >
      <Typography id="receivers-title" variant="h2" sx={{ mb: 2 }}>
        <FormattedMessage id="receivers.title" />
      </Typography>
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
        {RECEIVER_PROTOCOLS.map((protocol) => {
          const port = data ? portOf(data, protocol) : null;
          return (
            <Box
              component="li"
              key={protocol}
              data-testid={`receiver-${protocol}`}
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 2,
              }}
            >
              <Typography component="span" dir="ltr">
                {intl.formatMessage({ id: `receivers.${protocol}` })}
              </Typography>
              {data && (
                <Chip
                  size="small"
                  variant={port === null ? 'outlined' : 'filled'}
                  color={port === null ? 'default' : 'success'}
                  label={
                    port === null
                      ? intl.formatMessage({ id: 'receivers.off' })
                      : intl.formatMessage({ id: 'receivers.listening' }, { port })
                  }
                />
              )}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
