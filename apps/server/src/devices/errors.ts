import { HttpError } from '../lib/http-error.js';

export const unknownDevice = () =>
  new HttpError(404, 'NOT_FOUND', 'Unknown device serial: register the device first');

export const deletedDevice = () =>
  new HttpError(403, 'DEVICE_DELETED', 'This device was deleted by an administrator');
