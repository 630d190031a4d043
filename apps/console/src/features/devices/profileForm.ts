import {
  deviceProfileSchema,
  deviceRenameBodySchema,
  type DeviceExpectations,
  type DeviceProfile,
} from '@sos/contract';
import type { z } from 'zod';
import { supervisionDefaults, supervisionFormShape, supervisionIssues } from './supervisionForm.js';

/**
 * The "Scheda assistito" form: the resident's profile and, above it, the device's name
 * ("Nome dispositivo"), each validated by its own contract schema and saved by its own call.
 */
export const profileFormSchema = deviceProfileSchema
  .extend(deviceRenameBodySchema.shape)
  .extend(supervisionFormShape)
  .superRefine((v, ctx) => {
    for (const path of supervisionIssues(v))
      ctx.addIssue({ code: 'custom', path: [path], message: 'badNumber' });
  });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export const profileFormDefaults = (
  profile: DeviceProfile | undefined,
  displayName: string,
  expectations?: DeviceExpectations,
): ProfileFormInput => ({
  displayName,
  ...supervisionDefaults(expectations),
  residentName: profile?.residentName ?? '',
  address: profile?.address ?? '',
  phone: profile?.phone ?? '',
  notes: profile?.notes ?? '',
  contacts: (profile?.contacts ?? []).map((c) => ({
    name: c.name,
    phone: c.phone ?? '',
    relation: c.relation ?? '',
  })),
  // Kept as they are when the form saves (docs/expected-events.md).
  checkIns: (profile?.checkIns ?? []).map((w) => ({ days: [...w.days], from: w.from, to: w.to })),
});

/** The profile part, as PUT /api/device/profile takes it. */
export const profileOf = ({
  displayName: _name,
  supervision: _s,
  supervisionUnit: _u,
  testInterval: _t,
  ...profile
}: ProfileFormValues): DeviceProfile => profile;
