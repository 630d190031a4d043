import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { red } from '@mui/material/colors';
import { keyframes } from '@mui/material/styles';
import type { Device, Sos } from '@sos/contract';
import { useState, type MouseEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/format.js';
import { bodyLine, twoLineName } from './cardStyles.js';
import { TIP_ATTRIBUTE } from './DeleteTooltip.js';
import { useCloseSosMutation } from '../../entities/devices/deviceEndpoints.js';
import { CARD_REM } from './gridLayout.js';
import { SosAge } from './SosAge.js';

// Fixed reds, the same in light and dark themes: white text keeps at least 4.5:1 on both.
const DEEP = red[900];
const BRIGHT = red[700];

/** Spec §9: a 2-second blink cycle; DESIGN §6: 4 s once someone has taken charge. */
const BLINK_MS = 2000;
const HANDLED_BLINK_MS = 4000;
const blink = keyframes`
  0%, 100% { background-color: ${DEEP}; box-shadow: 0 0 0 0 ${red[600]}00; }
  50% { background-color: ${BRIGHT}; box-shadow: 0 0 0 6px ${red[600]}80; }
`;

/*
 * Every height below is in rem and fixed, in the order gridLayout's ALERT_CARD_REM adds
 * them up: the card grows with the text size and its button never leaves it.
 */
const cardSx = {
  height: '100%',
  cursor: 'pointer',
  display: 'flex',
  flexDirection: 'column',
  padding: '1rem',
  overflow: 'hidden',
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

const headerSx = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '0.5rem',
  flex: 'none',
  height: `${CARD_REM.name}rem`,
  marginBottom: '0.5rem',
} as const;

const detailSx = {
  flex: 'none',
  marginInlineStart: 'auto',
  padding: '0.25rem',
  color: 'inherit',
  '&.Mui-focusVisible': { outline: '3px solid #fff' },
} as const;

const nameSx = { fontWeight: 700, minWidth: 0, ...twoLineName } as const;

/** "In ritardo" as a white badge: it reads on the card's reds and is not colour alone. */
const lateSx = {
  paddingInline: '0.375rem',
  borderRadius: '0.25rem',
  bgcolor: '#fff',
  color: DEEP,
  fontWeight: 700,
} as const;

const iconSx = { fontSize: '1.5rem', flex: 'none', marginTop: '0.125rem' } as const;

const closeSx = {
  flex: 'none',
  alignSelf: 'flex-start',
  marginTop: '0.75rem',
  height: `${CARD_REM.button}rem`,
  minHeight: 0,
  padding: '0.375rem 1rem',
  bgcolor: '#fff',
  color: DEEP,
  fontWeight: 700,
  '&:hover': { bgcolor: red[50] },
  '&.Mui-disabled': { bgcolor: red[50], color: DEEP },
  '&.Mui-focusVisible': { outline: '3px solid #fff', outlineOffset: 2 },
} as const;

export interface AlertCardProps {
  device: Device;
  sos: Sos;
  /** Opens the SOS's detail ("Dettaglio"): a click on the card's name or body. */
  onOpen?: (deviceId: number) => void;
}

export function AlertCard({ device, sos, onOpen }: AlertCardProps) {
  const intl = useIntl();
  const [closeSos, { isLoading }] = useCloseSosMutation();
  // Every alert card blinks in step, whenever it appeared: start it at the page clock's phase.
  const [start] = useState(() => performance.now());
  const handler = sos.acknowledgedBy?.username;
  const cycle = handler ? HANDLED_BLINK_MS : BLINK_MS;
  const name = device.displayName;
  // The card's name and body open the detail; its buttons do their own thing.
  const open = (event: MouseEvent) => {
    if (!onOpen || (event.target as Element).closest('button')) return;
    onOpen(device.id);
  };
  return (
    <Card
      sx={cardSx}
      style={{ animationDuration: `${cycle}ms`, animationDelay: `${-(start % cycle)}ms` }}
      elevation={4}
      onClick={open}
    >
      <Box sx={headerSx}>
        <NotificationsActiveIcon aria-hidden sx={iconSx} />
        <Typography variant="h6" component="h2" sx={nameSx} {...{ [TIP_ATTRIBUTE]: name }}>
          {name}
        </Typography>
        {onOpen && (
          <IconButton
            size="small"
            sx={detailSx}
            aria-label={intl.formatMessage({ id: 'alarm.detailOf' }, { name })}
            onClick={() => onOpen(device.id)}
          >
            <InfoOutlinedIcon sx={{ fontSize: '1.5rem' }} />
          </IconButton>
        )}
      </Box>
      <Typography variant="body2" sx={bodyLine}>
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
      <Typography variant="body2" sx={bodyLine}>
        <SosAge since={sos.dateCreated} />
        {sos.escalatedAt && (
          <>
            {' · '}
            <Box component="strong" sx={lateSx}>
              <FormattedMessage id="alarm.late" />
            </Box>
          </>
        )}
        {handler && (
          <>
            {' · '}
            <FormattedMessage id="alarm.inChargeOf" values={{ username: handler }} />
          </>
        )}
      </Typography>
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
    </Card>
  );
}
