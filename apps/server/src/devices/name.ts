import { deviceNameSortKey } from '@sos/contract';

/**
 * A device's name with the key getAll sorts it by (docs/console.md, dashboard order): every
 * write of display_name writes both (the column has no default, so a write without it fails).
 */
export const deviceName = (displayName: string) => ({
  displayName,
  nameSortKey: deviceNameSortKey(displayName),
});
