import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECEIVER_PROTOCOLS } from '@sos/contract';
import { FormattedMessage } from 'react-intl';
import { ReceiverLine } from './ReceiverLine.js';
import { summarize } from './receiverSummary.js';
import { useGetReceiversQuery } from './receiversApi.js';

/**
 * "Ricevitori" on Settings: each alarm receiver (DC-09, SCAIP), whether it listens and on
 * which port, encrypted or plain, its last frame and refused count. Read each time Settings
 * opens; configured by the server's variables only.
 */
export function ReceiversBlock() {
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
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
        {RECEIVER_PROTOCOLS.map((protocol) => (
          <ReceiverLine
            key={protocol}
            protocol={protocol}
            summary={data ? summarize(data, protocol) : undefined}
          />
        ))}
      </Stack>
    </Paper>
  );
}
