import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { SUPER_ADMIN, type TechnicalAlarm } from '@sos/contract';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { selectRole } from '../auth/authSlice.js';
import { playChime } from './chime.js';
import { useDismissTechnicalAlarmMutation, useGetTechnicalAlarmsQuery } from '../../entities/devices/healthApi.js';
import { formatTime } from './healthFormat.js';
import { useTechnicalAlarmsLive } from '../../entities/devices/technicalAlarmsLive.js';

const keyOf = (alarm: TechnicalAlarm) => `${alarm.type}:${alarm.device.id}`;

/** One chime when an alarm appears that was not there before (none for the first load). */
function useChimeOnNew(alarms: TechnicalAlarm[] | undefined) {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!alarms) return;
    const keys = new Set(alarms.map(keyOf));
    if (seen.current && [...keys].some((key) => !seen.current!.has(key))) playChime();
    seen.current = keys;
  }, [alarms]);
}

/**
 * Technical alarms (DESIGN §6), a lower class than an SOS: a compact list above the grid,
 * apart from the SOS cards. Loaded from /api/alarms/technical, kept live by the events
 * (technicalAlarmsLive.ts); an offline device clears itself on its next contact.
 */
export function TechnicalAlarmList() {
  const intl = useIntl();
  const { data: alarms } = useGetTechnicalAlarmsQuery(undefined, { refetchOnMountOrArgChange: true });
  const canDismiss = useAppSelector(selectRole) === SUPER_ADMIN;
  const [dismiss] = useDismissTechnicalAlarmMutation();
  useChimeOnNew(alarms);
  useTechnicalAlarmsLive();
  if (!alarms || alarms.length === 0) return null;
  const offline = alarms.filter((a) => a.type === 'DEVICE_OFFLINE');
  const deleted = alarms.filter((a) => a.type === 'DELETED_DEVICE_SOS');
  return (
    <section aria-label={intl.formatMessage({ id: 'health.offline' })} data-testid="technical-alarms">
      {deleted.map((alarm) => (
        <Alert
          key={keyOf(alarm)}
          severity="error"
          variant="outlined"
          sx={{ mb: 1 }}
          action={
            canDismiss && (
              <Button color="inherit" size="small" onClick={() => void dismiss(alarm.device.id)}>
                <FormattedMessage id="health.dismiss" />
              </Button>
            )
          }
        >
          <FormattedMessage id="health.deletedSos" values={{ name: alarm.device.displayName }} />
        </Alert>
      ))}
      {offline.length > 0 && (
        <Alert severity="warning" variant="outlined" data-testid="offline-list">
          <AlertTitle>
            <FormattedMessage id="health.offline" />
          </AlertTitle>
          <List dense disablePadding>
            {offline.map((alarm) => (
              <ListItem key={keyOf(alarm)} disableGutters sx={{ py: 0, gap: 1, alignItems: 'baseline' }}>
                <Typography variant="body2" component="span">
                  {alarm.device.displayName}
                </Typography>
                <Typography variant="body2" component="span" color="text.secondary">
                  {intl.formatMessage({ id: 'health.since' }, { time: formatTime(alarm.since) })}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
    </section>
  );
}
