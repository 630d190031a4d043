import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PROFILE_LIMITS, type DeviceExpectations, type DeviceProfile } from '@sos/contract';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import {
  useGetProfileQuery,
  usePutProfileMutation,
  useRenameDeviceMutation,
} from '../../entities/devices/healthApi.js';
import { ProfileField } from './ProfileField.js';
import {
  useGetExpectationsQuery,
  useSetSupervisionMutation,
} from '../../entities/devices/expectationsApi.js';
import { useGetAlarmConfQuery } from '../../entities/sos/sosHandlingApi.js';
import { CheckInWindows } from './CheckInWindows.js';
import { SupervisionFields } from './SupervisionFields.js';
import { supervisionChange } from './supervisionForm.js';
import {
  profileFormDefaults,
  profileFormSchema,
  profileOf,
  type ProfileFormInput,
  type ProfileFormValues,
} from './profileForm.js';

export interface ProfileFormDialogProps {
  deviceId: number;
  deviceName: string;
  onClose: () => void;
}

/**
 * "Scheda assistito" (docs/alarm-handling.md): the device's name ("Nome dispositivo", docs/alarm-kinds.md)
 * and the resident's profile, validated by the contract's schemas.
 */
export function ProfileFormDialog({ deviceId, deviceName, onClose }: ProfileFormDialogProps) {
  const { data, isFetching } = useGetProfileQuery(deviceId, { refetchOnMountOrArgChange: true });
  const expected = useGetExpectationsQuery(deviceId, { refetchOnMountOrArgChange: true });
  const ready = data && !isFetching && !expected.isFetching;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      {ready ? (
        <ProfileForm
          deviceId={deviceId}
          deviceName={deviceName}
          profile={data}
          expectations={expected.data}
          onClose={onClose}
        />
      ) : (
        <DialogTitle>
          <FormattedMessage id="health.profile" />
        </DialogTitle>
      )}
    </Dialog>
  );
}

function ProfileForm({
  deviceId,
  deviceName,
  profile,
  expectations,
  onClose,
}: ProfileFormDialogProps & {
  profile: DeviceProfile;
  expectations: DeviceExpectations | undefined;
}) {
  const titleId = useId();
  const [save, { isLoading }] = usePutProfileMutation();
  const [rename, { isLoading: renaming }] = useRenameDeviceMutation();
  const [supervise, { isLoading: supervising }] = useSetSupervisionMutation();
  const { data: conf } = useGetAlarmConfQuery();
  const { control, handleSubmit } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormDefaults(profile, deviceName, expectations),
  });
  const contacts = useFieldArray({ control, name: 'contacts' });
  const submit = handleSubmit(async (values) => {
    // The new name reaches every console (and this one's card) as device-renamed.
    if (
      values.displayName !== deviceName &&
      'error' in (await rename({ id: deviceId, displayName: values.displayName }))
    )
      return;
    const change = supervisionChange(expectations, values);
    if (change && 'error' in (await supervise({ id: deviceId, body: change }))) return;
    const result = await save({ id: deviceId, profile: profileOf(values) });
    if (!('error' in result)) onClose();
  });
  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={titleId} noValidate>
      <DialogTitle id={titleId}>
        <FormattedMessage id="health.profile" />
        <Typography variant="body2" color="text.secondary">
          {deviceName}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ProfileField
            control={control}
            name="displayName"
            label="health.deviceName"
            limit="displayName"
          />
          <ProfileField
            control={control}
            name="residentName"
            label="health.name"
            limit="residentName"
          />
          <ProfileField control={control} name="address" label="health.address" limit="address" />
          <ProfileField
            control={control}
            name="phone"
            label="health.phone"
            limit="phone"
            type="tel"
          />
          <ProfileField
            control={control}
            name="notes"
            label="health.notes"
            limit="notes"
            multiline
          />
          <Typography variant="subtitle1" component="h3">
            <FormattedMessage id="health.contacts" />
          </Typography>
          {contacts.fields.map((field, i) => (
            <Stack
              key={field.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: 'flex-start' }}
            >
              <ProfileField
                control={control}
                name={`contacts.${i}.name`}
                label="health.name"
                limit="contactName"
                sx={{ flex: { sm: '1.5 1 8rem' } }}
              />
              <ProfileField
                control={control}
                name={`contacts.${i}.phone`}
                label="health.phone"
                limit="phone"
                type="tel"
                // A whole number in international form ("+39 333 123 4567") stays readable.
                sx={{ flex: { sm: '1 0 11.5rem' } }}
              />
              <ProfileField
                control={control}
                name={`contacts.${i}.relation`}
                label="health.relation"
                limit="relation"
                sx={{ flex: { sm: '1 1 7rem' } }}
              />
              <Button color="error" onClick={() => contacts.remove(i)} sx={{ mt: 1, flex: 'none' }}>
                <FormattedMessage id="health.removeContact" />
              </Button>
            </Stack>
          ))}
          {contacts.fields.length < PROFILE_LIMITS.contacts && (
            <Button
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => contacts.append({ name: '', phone: '', relation: '' })}
            >
              <FormattedMessage id="health.addContact" />
            </Button>
          )}
          <CheckInWindows control={control} />
          <SupervisionFields
            control={control}
            expectations={expectations}
            globalSeconds={conf?.offlineAfterSeconds}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="health.cancel" />
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading || renaming || supervising}>
          <FormattedMessage id="health.save" />
        </Button>
      </DialogActions>
    </form>
  );
}
