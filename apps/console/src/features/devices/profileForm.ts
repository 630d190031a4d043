import { deviceProfileSchema, deviceRenameBodySchema, type DeviceProfile, type DeviceProfileInput } from '@sos/contract';
import type { z } from 'zod';

/**
 * The "Scheda assistito" form: the resident's profile and, above it, the device's name
 * ("Nome dispositivo"), each validated by its own contract schema and saved by its own call.
 */
export const profileFormSchema = deviceProfileSchema.extend(deviceRenameBodySchema.shape);
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export const profileFormDefaults = (profile: DeviceProfile | undefined, displayName: string): ProfileFormInput => ({
  displayName,
  residentName: profile?.residentName ?? '',
  address: profile?.address ?? '',
  phone: profile?.phone ?? '',
  notes: profile?.notes ?? '',
  contacts: (profile?.contacts ?? []).map((c) => ({ name: c.name, phone: c.phone ?? '', relation: c.relation ?? '' })),
});

/** The profile part, as PUT /api/device/profile takes it. */
export const profileOf = ({ displayName: _name, ...profile }: ProfileFormValues): DeviceProfile => profile;
export type { DeviceProfileInput };
