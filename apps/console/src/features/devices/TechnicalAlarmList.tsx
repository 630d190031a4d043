import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import List from '@mui/material/List';
import { SUPER_ADMIN, type TechnicalAlarm } from '@sos/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectRole } from '../../store/authSlice.js';
import { useGetTechnicalAlarmsQuery } from '../../entities/devices/healthApi.js';
import { useTechnicalAlarmsLive } from '../../entities/devices/technicalAlarmsLive.js';
import { TechnicalAlarmLine } from './TechnicalAlarmLine.js';

const keyOf = (alarm: TechnicalAlarm) => `${alarm.type}:${alarm.device.id}`;

/**
 * "Allarmi tecnici" (docs/alarm-kinds.md), a lower class than an SOS: one compact list above
 * the grid, apart from the SOS cards, one line per alarm (offline, a deleted device's SOS,
 * low battery, power failure, tamper). Loaded from /api/alarms/technical, kept live by the
 * events (technicalAlarmsLive.ts); an offline device clears itself on its next contact. The
 * chime of a new one sounds on every page (widgets/alarm/useTechnicalChime.ts), not here.
 */
export function TechnicalAlarmList() {
  const intl = useIntl();
  const { data: alarms } = useGetTechnicalAlarmsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const canDismiss = useAppSelector(selectRole) === SUPER_ADMIN;
  useTechnicalAlarmsLive();
  if (!alarms || alarms.length === 0) return null;
  // Red when a deleted device called for help: someone may need it and nobody sees its card.
  const severity = alarms.some((a) => a.type === 'DELETED_DEVICE_SOS') ? 'error' : 'warning';
  return (
    <section
      aria-label={intl.formatMessage({ id: 'technical.title' })}
      data-testid="technical-alarms"
    >
      <Alert
        severity={severity}
        variant="outlined"
        sx={{ '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
      >
        <AlertTitle>
          <FormattedMessage id="technical.title" />
        </AlertTitle>
        <List dense disablePadding>
          {alarms.map((alarm) => (
            <TechnicalAlarmLine key={keyOf(alarm)} alarm={alarm} canDismiss={canDismiss} />
          ))}
        </List>
      </Alert>
    </section>
  );
}
