import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { red } from '@mui/material/colors';
import { keyframes } from '@mui/material/styles';
import type { Device, Sos } from '@sos/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/format.js';
import { useCloseSosMutation } from './deviceEndpoints.js';

// Fixed reds, the same in light and dark themes: white text keeps at least 4.5:1 on both.
const DEEP = red[900];
const BRIGHT = red[700];

/** Spec §9: a 2-second blink cycle. */
const BLINK_MS = 2000;
const blink = keyframes`
  0%, 100% { background-color: ${DEEP}; box-shadow: 0 0 0 0 ${red[600]}00; }
  50% { background-color: ${BRIGHT}; box-shadow: 0 0 0 6px ${red[600]}80; }
`;

const cardSx = {
  height: '100%',
  color: '#fff',
  bgcolor: DEEP,
  animation: `${blink} ${BLINK_MS}ms ease-in-out infinite`,
  // No blinking for users who asked for less motion: a steady, high-contrast alert instead.
  '@media (prefers-reduced-motion: reduce)': {
    animation: 'none',
    outline: '4px solid #fff',
    outlineOffset: '-8px',
  },
} as const;

const closeSx = {
  bgcolor: '#fff',
  color: DEEP,
  fontWeight: 700,
  '&:hover': { bgcolor: red[50] },
  '&.Mui-focusVisible': { outline: '3px solid #fff', outlineOffset: 2 },
} as const;

const nameSx = { fontWeight: 700, minWidth: 0 } as const;

export function AlertCard({ device, sos }: { device: Device; sos: Sos }) {
  const intl = useIntl();
  const [closeSos, { isLoading }] = useCloseSosMutation();
  // Every alert card blinks in step, whenever it appeared: start it at the page clock's phase.
  const [phase] = useState(() => -(performance.now() % BLINK_MS));
  const name = device.displayName;
  return (
    <Card sx={cardSx} style={{ animationDelay: `${phase}ms` }} elevation={4}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <NotificationsActiveIcon aria-hidden />
          {/* One line: the grid gives every card a known height (see gridLayout). */}
          <Typography variant="h6" component="h2" noWrap sx={nameSx}>
            {name}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ mt: 1 }}>
          <FormattedMessage
            id="dashboard.sosOpenedAt"
            values={{
              // dir isolates the date inside right-to-left text: it still reads DD/MM/YYYY HH:mm.
              time: (
                <time dateTime={sos.dateCreated} dir="ltr">
                  {formatDateTime(sos.dateCreated)}
                </time>
              ),
            }}
          />
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          disableElevation
          sx={closeSx}
          disabled={isLoading}
          aria-label={intl.formatMessage({ id: 'dashboard.closeSosOf' }, { name })}
          onClick={() => void closeSos({ deviceId: device.id, sosId: sos.id })}
        >
          <FormattedMessage id="dashboard.closeSos" />
        </Button>
      </CardActions>
    </Card>
  );
}
