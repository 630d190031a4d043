import { compareCodePoints, deviceNameSortKey } from '@sos/contract';
import { useMemo } from 'react';
import { useAppSelector } from '../../store/hooks.js';
import { useGetDevicesQuery } from '../../entities/devices/deviceEndpoints.js';
import { selectDeviceTable } from '../../entities/devices/devicesSlice.js';
import { devicesIn } from '../../entities/devices/deviceTable.js';
import { useGetDeletedDevicesQuery } from '../../entities/devices/healthApi.js';

export interface FilterDevice {
  id: number;
  displayName: string;
}

/**
 * Every device the history may name (docs/shift.md): the live list (devices registered
 * since it loaded included) and the deleted ones, whose closed SOS stay in the history.
 */
export function useFilterDevices(): FilterDevice[] {
  // Loads the list when no other screen has (the live slice is filled from it).
  useGetDevicesQuery();
  const table = useAppSelector(selectDeviceTable);
  const { data: deleted } = useGetDeletedDevicesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return useMemo(() => {
    const byId = new Map<number, FilterDevice>();
    for (const d of deleted ?? []) byId.set(d.id, { id: d.id, displayName: d.displayName });
    for (const d of devicesIn(table)) byId.set(d.id, { id: d.id, displayName: d.displayName });
    // The contract's name order, as the dashboard's: "Bravo 2" before "Bravo 10", no case, no accents.
    const keyed = [...byId.values()].map((device) => ({
      device,
      key: deviceNameSortKey(device.displayName),
    }));
    keyed.sort((a, b) => compareCodePoints(a.key, b.key) || a.device.id - b.device.id);
    return keyed.map(({ device }) => device);
  }, [table, deleted]);
}
