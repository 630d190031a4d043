import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { FormattedMessage } from 'react-intl';
import { LtrText } from '../../components/LtrText.js';
import { PageHeader } from '../../components/PageHeader.js';
import { formatDateTime } from '../../lib/format.js';
import {
  useGetDeletedDevicesQuery,
  useRestoreDeviceMutation,
} from '../../entities/devices/healthApi.js';

/** "Dispositivi eliminati" (docs/alarm-handling.md, SUPER_ADMIN): each can be restored with its history. */
export default function DeletedDevicesPage() {
  const { data } = useGetDeletedDevicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [restore, { isLoading }] = useRestoreDeviceMutation();
  return (
    <>
      <PageHeader title="health.deletedDevices" />
      {data && data.length === 0 && (
        <Alert severity="info" variant="outlined">
          <FormattedMessage id="health.noDeleted" />
        </Alert>
      )}
      {data && data.length > 0 && (
        <Paper variant="outlined" sx={{ maxWidth: 720 }}>
          <List>
            {data.map((device) => (
              <ListItem
                key={device.id}
                divider
                secondaryAction={
                  <Button disabled={isLoading} onClick={() => void restore(device.id)}>
                    <FormattedMessage id="health.restore" />
                  </Button>
                }
              >
                <ListItemText
                  primary={device.displayName}
                  secondary={
                    <span>
                      <LtrText>{device.serial}</LtrText> ·{' '}
                      <LtrText>{formatDateTime(device.deletedAt)}</LtrText>
                    </span>
                  }
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}
