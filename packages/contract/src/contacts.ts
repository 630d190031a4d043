import { z } from 'zod';
import { isoDateSchema } from './common.js';

/** At most this many devices per GET /api/device/contacts (the cards on screen: a few dozen). */
export const CONTACTS_MAX_IDS = 200;

const ID_LIST = /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/;

/** `?ids=1,2,3`: comma-separated positive ids, 1 to CONTACTS_MAX_IDS of them. */
export const deviceContactsQuerySchema = z.object({
  ids: z
    .string()
    .regex(ID_LIST, 'must be comma-separated positive integer ids')
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine(
      (ids) => ids.every((id) => id <= 2_147_483_647),
      'must be comma-separated positive integer ids',
    )
    .refine((ids) => ids.length <= CONTACTS_MAX_IDS, `at most ${CONTACTS_MAX_IDS} ids`),
});
export type DeviceContactsQuery = z.input<typeof deviceContactsQuerySchema>;

/** A device's health as it is now: what a card's "Ultimo contatto" shows. */
export const deviceContactSchema = z.object({
  id: z.number().int(),
  lastSeenAt: isoDateSchema.nullable(),
  online: z.boolean().nullable(),
  batteryPct: z.number().int().nullable(),
});
export type DeviceContact = z.infer<typeof deviceContactSchema>;
export const deviceContactListSchema = z.array(deviceContactSchema);
