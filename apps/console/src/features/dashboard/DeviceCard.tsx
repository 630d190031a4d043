import { memo } from 'react';
import type { Device } from '@sos/contract';
import { useAppSelector } from '../../store/hooks.js';
import { AlertCard } from './AlertCard.js';
import { selectDeviceById } from '../../entities/devices/devicesSlice.js';
import { PlainCard } from './PlainCard.js';

interface DeviceCardProps {
  id: number;
  onDelete?: (device: Device) => void;
  onOpen?: (deviceId: number) => void;
}

/**
 * One device, read from the store by id: an event re-renders only the card whose device
 * changed (the others get the same object back and the memo stops them).
 */
export const DeviceCard = memo(function DeviceCard({ id, onDelete, onOpen }: DeviceCardProps) {
  const device = useAppSelector((state) => selectDeviceById(state, id));
  if (!device) return null;
  const sos = device.lastSos;
  // docs/console.md: only an OPEN SOS is shown.
  if (sos?.state === 'OPEN') return <AlertCard device={device} sos={sos} onOpen={onOpen} />;
  return <PlainCard device={device} onDelete={onDelete} />;
});
