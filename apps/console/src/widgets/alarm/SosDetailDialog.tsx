import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Sos } from '@sos/contract';
import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { LtrText } from '../../components/LtrText.js';
import type { MessageId } from '../../i18n/messageId.js';
import { selectDeviceById } from '../../entities/devices/devicesSlice.js';
import { selectSession } from '../../store/authSlice.js';
import { ResidentProfile } from './ResidentProfile.js';
import { SosAckButton } from './SosAckButton.js';
import { SosCallOut } from './SosCallOut.js';
import { SosCloseForm } from './SosCloseForm.js';
import { SosKind } from './SosKind.js';
import { CheckInConfirmButton } from './CheckInMissed.js';
import { SosLocation } from './SosLocation.js';
import { SosNoteForm } from './SosNoteForm.js';
import { SosOutcome } from './SosOutcome.js';
import { SosStatus } from './SosStatus.js';
import { SosTimeline } from './SosTimeline.js';
import { CallBackButton } from '../voice/DialButtons.js';
import { CallsInProgress } from '../voice/InCallBar.js';

function Section({ title, children }: { title: MessageId; children: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        <FormattedMessage id={title} />
      </Typography>
      {children}
    </Stack>
  );
}

/** The live detail of a device's open SOS, or a closed SOS read only (history, audit log). */
export type SosDetailProps =
  | { deviceId: number; closed?: undefined; onClose: () => void }
  | { closed: Sos; deviceId?: undefined; onClose: () => void };

/**
 * An SOS's detail ("Dettaglio", docs/alarm-handling.md), live from the devices slice: who has it, where
 * the device is, the resident and the call-out (docs/call-out.md), the timeline, and the
 * actions while it is open. Once it is closed (here or elsewhere) it stays on screen,
 * without actions, until "Indietro". Given a closed SOS (docs/shift.md "Reviewing a closed
 * SOS") it is the same detail read only, with the outcome and no action.
 */
export function SosDetailDialog({ deviceId: liveId, closed, onClose }: SosDetailProps) {
  const intl = useIntl();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const deviceId = closed ? closed.device.id : liveId;
  const device = useAppSelector((state) => selectDeviceById(state, deviceId));
  const userId = useAppSelector(selectSession)?.id;
  const current = !closed && device?.lastSos?.state === 'OPEN' ? device.lastSos : null;
  // The SOS as last seen open: kept when it closes, so the detail does not vanish.
  const [seen, setSeen] = useState<Sos | null>(closed ?? current);
  if (current && current !== seen && (!seen || current.id === seen.id)) setSeen(current);
  const sos = seen;
  const open = current !== null && current.id === sos?.id;
  if (!sos) return null;
  const holder = sos.acknowledgedBy;
  const heldBy = holder && holder.id !== userId ? holder.username : null;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
    >
      <DialogTitle id={titleId}>
        <FormattedMessage id="alarm.detail" />
        <Typography
          component="span"
          variant="h6"
          sx={{ display: 'block', overflowWrap: 'break-word' }}
        >
          {device?.displayName ?? sos.device.displayName}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <Section title="alarm.device">
            <Typography variant="body2">
              {device?.displayName ?? sos.device.displayName}
              {device && (
                <>
                  {' '}
                  · <LtrText>{device.serial}</LtrText>
                </>
              )}
            </Typography>
            <SosKind sos={sos} />
            <SosStatus sos={sos} open={open} />
            {open && <SosAckButton sos={sos} />}
            {open && <CheckInConfirmButton sos={sos} />}
            {open && sos.callBack && <CallBackButton sosId={sos.id} />}
            <CallsInProgress sosId={sos.id} />
          </Section>
          <Section title="alarm.location">
            <SosLocation location={sos.location} />
          </Section>
          {/* Read only, the profile's phones stand in for the call-out. */}
          <ResidentProfile deviceId={deviceId} withoutPhones={!closed} />
          {!closed && <SosCallOut sosId={sos.id} deviceId={deviceId} open={open} heldBy={heldBy} />}
          <Section title="alarm.timeline">
            <SosTimeline sosId={sos.id} />
            {open && <SosNoteForm sosId={sos.id} />}
          </Section>
          {closed && (
            <Section title="alarm.outcome">
              <SosOutcome sos={closed} />
            </Section>
          )}
          {open && (
            <>
              <Divider />
              <SosCloseForm sos={sos} onClosed={onClose} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{intl.formatMessage({ id: 'alarm.back' })}</Button>
      </DialogActions>
    </Dialog>
  );
}
