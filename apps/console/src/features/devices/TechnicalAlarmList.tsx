import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import List from '@mui/material/List';
import { SUPER_ADMIN, type TechnicalAlarm } from '@sos/contract';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectRole } from '../../store/authSlice.js';
import { playChime } from '../../widgets/alarm/chime.js';
import { useGetTechnicalAlarmsQuery } from '../../entities/devices/healthApi.js';
import { useTechnicalAlarmsLive } from '../../entities/devices/technicalAlarmsLive.js';
import { TechnicalAlarmLine } from './TechnicalAlarmLine.js';

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
 * "Allarmi tecnici" (docs/alarm-kinds.md), a lower class than an SOS: one compact list above
 * the grid, apart from the SOS cards, one line per alarm (offline, a deleted device's SOS,
 * low battery, power failure, tamper). Loaded from /api/alarms/technical, kept live by the
 * events (technicalAlarmsLive.ts); an offline device clears itself on its next contact.
 */
export function TechnicalAlarmList() {
  const intl = useIntl();
  const { data: alarms } = useGetTechnicalAlarmsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const canDismiss = useAppSelector(selectRole) === SUPER_ADMIN;
  useChimeOnNew(alarms);
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
