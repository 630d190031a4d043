import { compareUrgentOrder, type DashboardOrder, type Device } from '@sos/contract';
import { useMemo } from 'react';
import { useAppSelector } from '../../store/hooks.js';
import { selectDeviceTable } from '../../entities/devices/devicesSlice.js';
import { deviceIn } from '../../entities/devices/deviceTable.js';
import { useGetAlarmConfQuery } from '../../entities/sos/sosHandlingApi.js';

/** The alarm settings are read again when the dashboard has not for this long (s). */
const CONF_FRESH_S = 30;

/**
 * `order` (open SOS first, newest first: the spec's order) with its leading `alerts` re-sorted
 * by compareUrgentOrder: unacknowledged first, then by kind severity, then oldest first. The
 * open SOS lead either order, so only they move: a few, not 10,000 devices.
 */
export function urgentOrder(
  order: readonly number[],
  alerts: number,
  lookup: (id: number) => Device | undefined,
): readonly number[] {
  if (alerts < 2) return order;
  const open = order
    .slice(0, alerts)
    .map((id) => lookup(id))
    .filter((device): device is Device => device !== undefined)
    .sort(compareUrgentOrder)
    .map((device) => device.id);
  if (open.length !== alerts) return order;
  return [...open, ...order.slice(alerts)];
}

/** The alarm settings' dashboardOrder (docs/alarm-handling.md "Close policy"); NEWEST until known. */
function useDashboardOrder(): DashboardOrder {
  const { data } = useGetAlarmConfQuery(undefined, { refetchOnMountOrArgChange: CONF_FRESH_S });
  return data?.dashboardOrder ?? 'NEWEST';
}

/** The order the grid shows: the live order, or its URGENT arrangement when the settings say so. */
export function useShownOrder(order: readonly number[], alerts: number): readonly number[] {
  const mode = useDashboardOrder();
  const table = useAppSelector(selectDeviceTable);
  return useMemo(
    () => (mode === 'URGENT' ? urgentOrder(order, alerts, (id) => deviceIn(table, id)) : order),
    [mode, order, alerts, table],
  );
}
