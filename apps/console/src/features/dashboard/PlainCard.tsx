import DeleteIcon from '@mui/icons-material/Delete';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Device } from '@sos/contract';
import { useIntl } from 'react-intl';

export interface PlainCardProps {
  device: Device;
  /** Given for SUPER_ADMIN only (spec §6). */
  onDelete?: (device: Device) => void;
}

export function PlainCard({ device, onDelete }: PlainCardProps) {
  const intl = useIntl();
  const deleteLabel = intl.formatMessage(
    { id: 'dashboard.deleteDeviceOf' },
    { name: device.displayName },
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {device.displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {device.serial}
            </Typography>
          </Stack>
          {onDelete && (
            <Tooltip title={deleteLabel}>
              <IconButton color="error" aria-label={deleteLabel} onClick={() => onDelete(device)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
