import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  deviceProfileSchema,
  PROFILE_LIMITS,
  type DeviceProfile,
  type DeviceProfileInput,
} from '@sos/contract';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { useGetProfileQuery, usePutProfileMutation } from '../../entities/devices/healthApi.js';
import { ProfileField } from './ProfileField.js';

const blank = (profile: DeviceProfile | undefined): DeviceProfileInput => ({
  residentName: profile?.residentName ?? '',
  address: profile?.address ?? '',
  phone: profile?.phone ?? '',
  notes: profile?.notes ?? '',
  contacts: (profile?.contacts ?? []).map((c) => ({ name: c.name, phone: c.phone ?? '', relation: c.relation ?? '' })),
});

export interface ProfileFormDialogProps {
  deviceId: number;
  deviceName: string;
  onClose: () => void;
}

/** "Scheda assistito" (DESIGN §6): the profile form, validated by the contract's schema. */
export function ProfileFormDialog({ deviceId, deviceName, onClose }: ProfileFormDialogProps) {
  const { data, isFetching } = useGetProfileQuery(deviceId, { refetchOnMountOrArgChange: true });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      {data && !isFetching ? (
        <ProfileForm deviceId={deviceId} deviceName={deviceName} profile={data} onClose={onClose} />
      ) : (
        <DialogTitle>
          <FormattedMessage id="health.profile" />
        </DialogTitle>
      )}
    </Dialog>
  );
}

function ProfileForm({ deviceId, deviceName, profile, onClose }: ProfileFormDialogProps & { profile: DeviceProfile }) {
  const titleId = useId();
  const [save, { isLoading }] = usePutProfileMutation();
  const { control, handleSubmit } = useForm<DeviceProfileInput, unknown, DeviceProfile>({
    resolver: zodResolver(deviceProfileSchema),
    defaultValues: blank(profile),
  });
  const contacts = useFieldArray({ control, name: 'contacts' });
  const submit = handleSubmit(async (values) => {
    const result = await save({ id: deviceId, profile: values });
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
          <ProfileField control={control} name="residentName" label="health.name" limit="residentName" />
          <ProfileField control={control} name="address" label="health.address" limit="address" />
          <ProfileField control={control} name="phone" label="health.phone" limit="phone" type="tel" />
          <ProfileField control={control} name="notes" label="health.notes" limit="notes" multiline />
          <Typography variant="subtitle1" component="h3">
            <FormattedMessage id="health.contacts" />
          </Typography>
          {contacts.fields.map((field, i) => (
            <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
              <ProfileField control={control} name={`contacts.${i}.name`} label="health.name" limit="contactName" />
              <ProfileField control={control} name={`contacts.${i}.phone`} label="health.phone" limit="phone" type="tel" />
              <ProfileField control={control} name={`contacts.${i}.relation`} label="health.relation" limit="relation" />
              <Button color="error" onClick={() => contacts.remove(i)} sx={{ mt: 1 }}>
                <FormattedMessage id="health.removeContact" />
              </Button>
            </Stack>
          ))}
          {contacts.fields.length < PROFILE_LIMITS.contacts && (
            <Button sx={{ alignSelf: 'flex-start' }} onClick={() => contacts.append({ name: '', phone: '', relation: '' })}>
              <FormattedMessage id="health.addContact" />
            </Button>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="health.cancel" />
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          <FormattedMessage id="health.save" />
        </Button>
      </DialogActions>
    </form>
  );
}
