import { createAction } from '@reduxjs/toolkit';
import type { DeviceContact, Sos } from '@sos/contract';

/** Optimistic close: the alert card turns plain at once; reverted if the call fails. */
export const sosCloseStarted = createAction<{ deviceId: number; sosId: number }>(
  'devices/sosCloseStarted',
);
export const sosCloseReverted = createAction<{ deviceId: number; sos: Sos }>(
  'devices/sosCloseReverted',
);
/** The delete call succeeded (the device-deleted event may also come: both are harmless). */
export const deviceRemoved = createAction<number>('devices/deviceRemoved');
/** An SOS as the server answered it (a 409 carries it): who has it now, whether it is late. */
export const sosAnswered = createAction<Sos>('devices/sosAnswered');
/** Devices' health as the server has it now (GET /api/device/contacts, docs/shift.md). */
export const contactsReceived = createAction<DeviceContact[]>('devices/contactsReceived');
