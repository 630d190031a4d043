import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { TechnicalAlarm } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDismissTechnicalAlarmMutation } from '../../entities/devices/healthApi.js';
import { formatTime } from '../../lib/format.js';

/**
 * One technical alarm: what ("Batteria scarica"), which device, "da HH:mm", and 'Ignora' for
 * a super administrator on the ones that do not clear themselves (an offline device does,
 * when it is heard again).
 */
export function TechnicalAlarmLine({
  alarm,
  canDismiss,
}: {
  alarm: TechnicalAlarm;
  canDismiss: boolean;
}) {
  const intl = useIntl();
  const [dismiss] = useDismissTechnicalAlarmMutation();
  const { type, device } = alarm;
  const what =
    type === 'DELETED_DEVICE_SOS'
      ? intl.formatMessage({ id: 'health.deletedSos' }, { name: device.displayName })
      : intl.formatMessage({
          id: type === 'DEVICE_OFFLINE' ? 'health.offline' : `technical.${type}`,
        });
  // Without a type the server dismisses a deleted device's SOS, as before types existed.
  const query =
    type === 'DEVICE_OFFLINE'
      ? null
      : type === 'DELETED_DEVICE_SOS'
        ? { deviceId: device.id }
        : { deviceId: device.id, type };
  return (
    // The words wrap among themselves; 'Ignora' keeps its place at the line's end, on the
    // first line, at any width (on a phone it floated between the wrapped lines).
    <ListItem disableGutters sx={{ py: 0, gap: 1, alignItems: 'flex-start' }} data-type={type}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline', flex: 1 }}
      >
        <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
          {what}
        </Typography>
        {type !== 'DELETED_DEVICE_SOS' && (
          <Typography variant="body2" component="span">
            {device.displayName}
          </Typography>
        )}
        <Typography variant="body2" component="span" color="text.secondary">
          {intl.formatMessage({ id: 'health.since' }, { time: formatTime(alarm.since) })}
        </Typography>
      </Box>
      {canDismiss && query && (
        <Button
          color="inherit"
          size="small"
          sx={{ py: 0, flex: 'none' }}
          onClick={() => void dismiss(query)}
        >
          <FormattedMessage id="health.dismiss" />
        </Button>
      )}
    </ListItem>
  );
}
