import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DeviceExpectations } from '@sos/contract';
import { Controller, type Control } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDayTime } from '../../lib/format.js';
import type { ProfileFormInput } from './profileForm.js';

type FormControl = Control<ProfileFormInput, unknown, unknown>;

/**
 * "Supervisione" (minutes or hours; blank: the global setting) and the periodic test interval,
 * with what the device last sent and the next check-in's end (docs/expected-events.md).
 */
export function SupervisionFields({
  control,
  expectations,
  globalSeconds,
}: {
  control: FormControl;
  expectations: DeviceExpectations | undefined;
  globalSeconds: number | undefined;
}) {
  const intl = useIntl();
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        <FormattedMessage id="expect.supervision" />
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="supervision"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              size="small"
              inputMode="numeric"
              label={intl.formatMessage({ id: 'expect.supervision' })}
              error={fieldState.error !== undefined}
              helperText={intl.formatMessage(
                fieldState.error ? { id: 'expect.badNumber' } : { id: 'expect.supervisionHint' },
                { n: globalSeconds ?? 300 },
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="supervisionUnit"
          render={({ field }) => (
            <TextField
              {...field}
              select
              size="small"
              sx={{ minWidth: 110 }}
              aria-label={intl.formatMessage({ id: 'expect.supervision' })}
            >
              <MenuItem value="MIN">{intl.formatMessage({ id: 'expect.minutes' })}</MenuItem>
              <MenuItem value="H">{intl.formatMessage({ id: 'expect.hours' })}</MenuItem>
            </TextField>
          )}
        />
      </Stack>
      <Controller
        control={control}
        name="testInterval"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            size="small"
            inputMode="numeric"
            label={intl.formatMessage({ id: 'expect.testInterval' })}
            error={fieldState.error !== undefined}
            helperText={intl.formatMessage({
              id: fieldState.error ? 'expect.badNumber' : 'expect.testIntervalHint',
            })}
          />
        )}
      />
      {expectations && (expectations.lastTestAt || expectations.nextCheckInEnd) && (
        <Typography variant="body2" color="text.secondary" data-testid="expectations">
          {expectations.lastTestAt &&
            intl.formatMessage(
              { id: 'expect.lastTest' },
              { time: formatDayTime(expectations.lastTestAt) },
            )}
          {expectations.lastTestAt && expectations.nextCheckInEnd && ' · '}
          {expectations.nextCheckInEnd &&
            intl.formatMessage(
              { id: 'expect.nextCheckIn' },
              { time: formatDayTime(expectations.nextCheckInEnd) },
            )}
        </Typography>
      )}
    </>
  );
}
