import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Device, Sos } from '@sos/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useCloseSosMutation } from '../../entities/devices/deviceEndpoints.js';
import { selectSession } from '../../store/authSlice.js';
import { useGetAlarmConfQuery } from '../../entities/sos/sosHandlingApi.js';
import { SosCloseForm } from '../../widgets/alarm/SosCloseForm.js';

interface AlertCloseButtonProps {
  device: Device;
  sos: Sos;
  sx: SxProps<Theme>;
}

/**
 * The card's "Chiudi SOS" (docs/console.md): one click, unless another user has the SOS in charge;
 * then it asks first (docs/shift.md), so nobody ends a colleague's alarm by accident. While the
 * alarm settings' requireOutcome is on it opens the close form, "Esito" required
 * (docs/alarm-handling.md "Close policy").
 */
export function AlertCloseButton({ device, sos, sx }: AlertCloseButtonProps) {
  const intl = useIntl();
  const [closeSos, { isLoading }] = useCloseSosMutation();
  const [asking, setAsking] = useState(false);
  const [form, setForm] = useState(false);
  const userId = useAppSelector(selectSession)?.id;
  const requireOutcome = useGetAlarmConfQuery().data?.requireOutcome === true;
  const handler = sos.acknowledgedBy;
  const someoneElse = handler !== null && handler.id !== userId;
  const close = () =>
    requireOutcome ? setForm(true) : void closeSos({ deviceId: device.id, sosId: sos.id });
  return (
    <>
      <Button
        variant="contained"
        disableElevation
        sx={sx}
        disabled={isLoading}
        aria-label={intl.formatMessage(
          { id: 'dashboard.closeSosOf' },
          { name: device.displayName },
        )}
        onClick={() => (someoneElse ? setAsking(true) : close())}
      >
        <FormattedMessage id="dashboard.closeSos" />
      </Button>
      {someoneElse && (
        <ConfirmDialog
          open={asking}
          message="shift.closeOthers"
          values={{ username: handler.username }}
          confirmLabel="dashboard.closeSos"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            close();
          }}
        />
      )}
      {requireOutcome && (
        <Dialog open={form} onClose={() => setForm(false)} fullWidth maxWidth="xs">
          <DialogTitle>
            <FormattedMessage id="walk.closeTitle" values={{ name: device.displayName }} />
          </DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>
            <SosCloseForm
              sos={sos}
              onClosed={() => setForm(false)}
              onCancel={() => setForm(false)}
            />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}
