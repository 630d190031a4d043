import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { TechnicalAlarm } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDismissTechnicalAlarmMutation } from '../../entities/devices/healthApi.js';
import { formatTime } from './healthFormat.js';

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
    <ListItem
      disableGutters
      sx={{ py: 0, gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
      data-type={type}
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
      {canDismiss && query && (
        <Button
          color="inherit"
          size="small"
          sx={{ marginInlineStart: 'auto', py: 0 }}
          onClick={() => void dismiss(query)}
        >
          <FormattedMessage id="health.dismiss" />
        </Button>
      )}
    </ListItem>
  );
}
