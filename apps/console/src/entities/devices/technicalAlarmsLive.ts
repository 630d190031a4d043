import type { TechnicalAlarm } from '@sos/contract';
import { addListener, type UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks.js';
import { liveEventReceived, type LiveEvent } from '../live/liveEvents.js';
import { healthApi } from './healthApi.js';

type Alarms = TechnicalAlarm[];
const without = (alarms: Alarms, id: number, type: TechnicalAlarm['type']) =>
  alarms.filter((a) => !(a.device.id === id && a.type === type));

/**
 * What a live event does to the technical alarm list (docs/alarm-kinds.md): offline devices,
 * deleted devices' SOS, and what devices report of themselves; null: nothing.
 */
export function applyToAlarms(alarms: Alarms, event: LiveEvent, now = new Date()): Alarms | null {
  switch (event.name) {
    case 'device-offline': {
      const device = event.data;
      const rest = without(alarms, device.id, 'DEVICE_OFFLINE');
      return [
        ...rest,
        { type: 'DEVICE_OFFLINE', device, since: device.lastSeenAt ?? now.toISOString() },
      ];
    }
    case 'device-online':
      return without(alarms, event.data.id, 'DEVICE_OFFLINE');
    case 'device-deleted': {
      // Its own reports go with it (as the server lists them); a refused SOS comes later.
      const rest = alarms.filter(
        (a) => a.device.id !== event.data.id || a.type === 'DELETED_DEVICE_SOS',
      );
      return rest.length === alarms.length ? null : rest;
    }
    case 'technical-alarm': {
      const { type, device } = event.data;
      return [...without(alarms, device.id, type), event.data];
    }
    case 'technical-alarm-cleared':
      return without(alarms, event.data.deviceId, event.data.type);
    case 'device-renamed': {
      if (!alarms.some((a) => a.device.id === event.data.id)) return null;
      return alarms.map((a) => (a.device.id === event.data.id ? { ...a, device: event.data } : a));
    }
    case 'device-deleted-sos': {
      // A repeat keeps the first one's time, as the server does.
      const standing = alarms.find(
        (a) => a.device.id === event.data.id && a.type === 'DELETED_DEVICE_SOS',
      );
      if (standing) return null;
      return [
        ...alarms,
        { type: 'DELETED_DEVICE_SOS', device: event.data, since: now.toISOString() },
      ];
    }
    case 'device-registered': // a restore clears its alarm
    case 'device-deleted-sos-dismissed':
      return without(alarms, event.data.id, 'DELETED_DEVICE_SOS');
    default:
      return null;
  }
}

/**
 * The layout owns the live stream and dispatches its events: while the list is shown, its
 * cached copy follows them.
 */
export function useTechnicalAlarmsLive(): void {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      dispatch(
        addListener({
          actionCreator: liveEventReceived,
          effect: ({ payload }) => {
            const patch = healthApi.util.updateQueryData(
              'getTechnicalAlarms',
              undefined,
              (draft) => {
                return applyToAlarms(draft, payload) ?? undefined;
              },
            );
            // A thunk (the store has the thunk middleware; its dispatch type does not say so).
            dispatch(patch as unknown as UnknownAction);
          },
        }),
      ),
    [dispatch],
  );
}
