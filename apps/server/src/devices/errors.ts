import { DomainError } from '../lib/domain-error.js';

export const unknownDevice = () =>
  new DomainError('not-found', 'NOT_FOUND', 'Unknown device serial: register the device first');

export const deletedDevice = () =>
  new DomainError('forbidden', 'DEVICE_DELETED', 'This device was deleted by an administrator');
