import type { Device } from '@sos/contract';
import { useIntl } from 'react-intl';
import { formatTime } from '../../lib/format.js';
import { lowBattery } from './healthFormat.js';

/**
 * The health part of a device card's second line (docs/alarm-handling.md): " · Ultimo contatto HH:mm"
 * and, under 20 %, " · Batteria n%". Nothing until the first heartbeat (not monitored).
 * Text inside the card's existing line: the grid's row heights stay as they are.
 */
export function HealthLine({ device }: { device: Device }) {
  const intl = useIntl();
  if (device.online === null) return null;
  const battery = lowBattery(device);
  // The warning first: on a narrow card the line's end is cut off.
  const parts = [
    ...(battery === null ? [] : [intl.formatMessage({ id: 'health.battery' }, { n: battery })]),
    intl.formatMessage({ id: 'health.lastContact' }, { time: formatTime(device.lastSeenAt) }),
  ];
  return <span data-testid="health-line">{` · ${parts.join(' · ')}`}</span>;
}
