import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Device, Sos } from '@sos/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { useCloseSosMutation } from '../../entities/devices/deviceEndpoints.js';
import { selectSession } from '../../store/authSlice.js';

interface AlertCloseButtonProps {
  device: Device;
  sos: Sos;
  sx: SxProps<Theme>;
}

/**
 * The card's "Chiudi SOS" (docs/console.md): one click, unless another user has the SOS in charge;
 * then it asks first (docs/shift.md), so nobody ends a colleague's alarm by accident.
 */
export function AlertCloseButton({ device, sos, sx }: AlertCloseButtonProps) {
  const intl = useIntl();
  const [closeSos, { isLoading }] = useCloseSosMutation();
  const [asking, setAsking] = useState(false);
  const userId = useAppSelector(selectSession)?.id;
  const handler = sos.acknowledgedBy;
  const someoneElse = handler !== null && handler.id !== userId;
  const close = () => void closeSos({ deviceId: device.id, sosId: sos.id });
  return (
    <>
      <Button
        variant="contained"
        disableElevation
        sx={sx}
        disabled={isLoading}
        aria-label={intl.formatMessage({ id: 'dashboard.closeSosOf' }, { name: device.displayName })}
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
    </>
  );
}
