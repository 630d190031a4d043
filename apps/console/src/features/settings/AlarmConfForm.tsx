import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  alarmConfSchema,
  DASHBOARD_ORDERS,
  type AlarmConf,
  type AlarmSecondsSetting,
} from '@sos/contract';
import { useController, useForm, type Control } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch } from '../../store/hooks.js';
import { showSnackbar } from '../../store/snackbarSlice.js';
import type { MessageId } from '../../i18n/messageId.js';
import {
  useGetAlarmConfQuery,
  useSetAlarmConfMutation,
} from '../../entities/sos/sosHandlingApi.js';

type Field = AlarmSecondsSetting;

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

/** The close policy (docs/alarm-handling.md "Close policy"): an outcome to close, the dashboard's order. */
function PolicyFields({ control }: { control: Control<AlarmConf> }) {
  const intl = useIntl();
  const { field: require } = useController({ control, name: 'requireOutcome' });
  const { field: order } = useController({ control, name: 'dashboardOrder' });
  return (
    <>
      <div>
        <FormControlLabel
          control={
            <Switch
              name={require.name}
              checked={require.value}
              onChange={(event) => require.onChange(event.target.checked)}
              onBlur={require.onBlur}
              slotProps={{ input: { ref: require.ref } }}
            />
          }
          label={intl.formatMessage({ id: 'walk.requireOutcome' })}
        />
        <FormHelperText sx={{ mt: 0 }}>
          {intl.formatMessage({ id: 'walk.requireOutcomeHelp' })}
        </FormHelperText>
      </div>
      <TextField
        select
        name={order.name}
        label={intl.formatMessage({ id: 'walk.dashboardOrder' })}
        value={order.value}
        onChange={(event) => order.onChange(event.target.value)}
        onBlur={order.onBlur}
        inputRef={order.ref}
        fullWidth
        sx={{ mt: 2 }}
        helperText={intl.formatMessage({ id: `walk.order${order.value}Help` })}
      >
        {DASHBOARD_ORDERS.map((value) => (
          <MenuItem key={value} value={value}>
            {intl.formatMessage({ id: `walk.order${value}` })}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/**
 * The alarm's timings and close policy (docs/alarm-handling.md /api/conf/alarm), below the API key with its own 'Salva'
 * and no confirmation: changing them cuts nobody off. Validated by the contract's schema.
 */
export function AlarmConfForm() {
  const dispatch = useAppDispatch();
  const { data, isFetching } = useGetAlarmConfQuery(undefined, { refetchOnMountOrArgChange: true });
  const [save, { isLoading: saving }] = useSetAlarmConfMutation();
  const { control, handleSubmit } = useForm<AlarmConf>({
    resolver: zodResolver(alarmConfSchema),
    defaultValues: {
      ackTargetSeconds: NaN,
      offlineAfterSeconds: NaN,
      requireOutcome: false,
      dashboardOrder: 'NEWEST',
    },
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
      <form
        onSubmit={(e) => void handleSubmit(submit)(e)}
        noValidate
        aria-busy={isFetching && !data}
      >
        <Stack spacing={1}>
          <SecondsField control={control} name="ackTargetSeconds" label="alarm.ackTarget" />
          <SecondsField control={control} name="offlineAfterSeconds" label="alarm.offlineAfter" />
          <PolicyFields control={control} />
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
