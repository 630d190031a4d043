import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Device, Sos } from '@sos/contract';
import { use, useState, type MouseEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { bodyLine } from './cardStyles.js';
import { AlertCloseButton } from './AlertCloseButton.js';
import { AlertFirstLine } from './AlertFirstLine.js';
import {
  BLINK_MS,
  cardSx,
  closeSx,
  detailSx,
  HANDLED_BLINK_MS,
  handledCardSx,
  handledCloseSx,
  handledDetailSx,
  handledLateSx,
  headerSx,
  iconSx,
  lateSx,
  kindSx,
  namedKindSx,
  nameSx,
  bodySx,
  oneLineNameSx,
} from './alertCardStyles.js';
import { CARD_BODY_ATTRIBUTE, MeasureBodyContext } from './cardHeights.js';
import { CheckInMissedLine } from '../../widgets/alarm/CheckInMissed.js';
import { SosAge } from '../../widgets/alarm/SosAge.js';

export interface AlertCardProps {
  device: Device;
  sos: Sos;
  /** Opens the SOS's detail ("Dettaglio"): a click on the card's name or body. */
  onOpen?: (deviceId: number) => void;
}

export function AlertCard({ device, sos, onOpen }: AlertCardProps) {
  const intl = useIntl();
  const measure = use(MeasureBodyContext);
  // Every alert card blinks in step, whenever it appeared: start it at the page clock's phase.
  const [start] = useState(() => performance.now());
  const handler = sos.acknowledgedBy?.username;
  const cycle = handler ? HANDLED_BLINK_MS : BLINK_MS;
  const name = device.displayName;
  // A further alarm nobody has taken charge of since (docs/alarm-handling.md, "Re-alert"): the
  // card says which, above its opening time, until someone takes charge again.
  const realert = sos.realertedAt && !handler ? sos.kinds[sos.kinds.length - 1] : undefined;
  // The card's name and body open the detail; its buttons do their own thing.
  const open = (event: MouseEvent) => {
    if (!onOpen || (event.target as Element).closest('button')) return;
    // A click in the close confirmation (a portal) bubbles here through React: not the card's.
    if (!event.currentTarget.contains(event.target as Node)) return;
    onOpen(device.id);
  };
  return (
    <Card
      sx={handler ? handledCardSx : cardSx}
      data-handled={handler ? 'true' : undefined}
      style={{ animationDuration: `${cycle}ms`, animationDelay: `${-(start % cycle)}ms` }}
      elevation={4}
      onClick={open}
    >
      {/* The body's natural height is what the grid measures (cardHeights.ts). */}
      <Box sx={bodySx} ref={measure} {...{ [CARD_BODY_ATTRIBUTE]: 'alert' }}>
        <Box sx={headerSx}>
          <NotificationsActiveIcon aria-hidden className="alert-card-icon" sx={iconSx} />
          {/* The name in its own direction (the <bdi>), on the card's starting side (cardStyles). */}
          {sos.kind === 'PANIC' && sos.kinds.length < 2 ? (
            <Typography variant="h6" component="h2" sx={nameSx}>
              <bdi>{name}</bdi>
            </Typography>
          ) : (
            <Box sx={namedKindSx}>
              <Typography variant="h6" component="h2" sx={oneLineNameSx}>
                <bdi>{name}</bdi>
              </Typography>
              <Typography variant="body1" sx={kindSx} data-testid="sos-kind">
                {kindsLabel(sos, intl)}
              </Typography>
              <CheckInMissedLine sos={sos} />
            </Box>
          )}
          {onOpen && (
            <IconButton
              size="small"
              sx={handler ? handledDetailSx : detailSx}
              aria-label={intl.formatMessage({ id: 'alarm.detailOf' }, { name })}
              onClick={() => onOpen(device.id)}
            >
              <InfoOutlinedIcon sx={{ fontSize: '1.5rem' }} />
            </IconButton>
          )}
        </Box>
        <AlertFirstLine sos={sos} realert={realert} />
        <Typography variant="body2" sx={bodyLine}>
          <SosAge since={sos.dateCreated} />
          {sos.escalatedAt && (
            <>
              {' · '}
              <Box component="strong" sx={handler ? handledLateSx : lateSx}>
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
        <AlertCloseButton device={device} sos={sos} sx={handler ? handledCloseSx : closeSx} />
      </Box>
    </Card>
  );
}

/** The SOS's kind, then the other kinds it received ("Incendio · Emergenza medica"). */
function kindsLabel(sos: Sos, intl: IntlShape): string {
  const others = sos.kinds.filter((k) => k !== sos.kind);
  return [sos.kind, ...others].map((k) => intl.formatMessage({ id: `kind.${k}` })).join(' · ');
}
