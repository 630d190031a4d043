import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alarmConfSchema, type AlarmConf } from '@sos/contract';
import { useController, useForm, type Control } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import type { MessageId } from '../../i18n/messageId.js';
import { useGetAlarmConfQuery, useSetAlarmConfMutation } from '../../entities/sos/sosHandlingApi.js';

type Field = keyof AlarmConf;

/** The bounds the contract's schema enforces, for the message that names them. */
const bounds = (field: Field) => {
  const schema = alarmConfSchema.shape[field];
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? 0 };
};

function SecondsField({
  control,
  name,
  label,
}: {
  control: Control<AlarmConf>;
  name: Field;
  label: MessageId;
}) {
  const intl = useIntl();
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      type="number"
      name={name}
      label={intl.formatMessage({ id: label })}
      value={Number.isNaN(field.value) ? '' : field.value}
      onChange={(event) =>
        field.onChange(event.target.value === '' ? NaN : Number(event.target.value))
      }
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.invalid}
      helperText={
        fieldState.invalid ? intl.formatMessage({ id: 'alarm.confRange' }, bounds(name)) : ' '
      }
      required
      fullWidth
      slotProps={{ htmlInput: { step: 1, ...bounds(name) } }}
    />
  );
}

/**
 * The alarm's timings (docs/alarm-handling.md /api/conf/alarm), below the API key with its own 'Salva'
 * and no confirmation: changing them cuts nobody off. Validated by the contract's schema.
 */
export function AlarmConfForm() {
  const dispatch = useAppDispatch();
  const { data, isFetching } = useGetAlarmConfQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useSetAlarmConfMutation();
  const { control, handleSubmit } = useForm<AlarmConf>({
    resolver: zodResolver(alarmConfSchema),
    defaultValues: { ackTargetSeconds: NaN, offlineAfterSeconds: NaN },
    values: data,
  });
  const submit = async (values: AlarmConf) => {
    const result = await save(values);
    if (!result.error) dispatch(showSnackbar({ type: 'success', messageId: 'alarm.confSaved' }));
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mt: 3 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        <FormattedMessage id="alarm.confTitle" />
      </Typography>
      <form onSubmit={handleSubmit(submit)} noValidate aria-busy={isFetching && !data}>
        <Stack spacing={1}>
          <SecondsField control={control} name="ackTargetSeconds" label="alarm.ackTarget" />
          <SecondsField control={control} name="offlineAfterSeconds" label="alarm.offlineAfter" />
        </Stack>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={saving || !data}>
            <FormattedMessage id="save" />
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
