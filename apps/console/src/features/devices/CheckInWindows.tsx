import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { CHECK_IN_DAYS, CHECK_IN_WINDOWS_MAX, type CheckInDay } from '@sos/contract';
import { Controller, useFieldArray, type Control } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProfileFormInput } from './profileForm.js';

type FormControl = Control<ProfileFormInput, unknown, unknown>;

/**
 * "Check-in" in the "Scheda assistito" (docs/expected-events.md): up to 7 windows, each on the
 * days chosen, from–to in the centre's time zone. A window with no check-in raises an
 * "Inattività" SOS at its end.
 */
export function CheckInWindows({ control }: { control: FormControl }) {
  const windows = useFieldArray({ control, name: 'checkIns' });
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        <FormattedMessage id="expect.checkIns" />
      </Typography>
      {windows.fields.map((field, i) => (
        <Stack key={field.id} spacing={1} data-testid="check-in-window">
          <Days control={control} index={i} />
          {/* Each time keeps its whole "10:00" (Arabic at 390 px cut it): the button wraps instead. */}
          <Stack
            direction="row"
            useFlexGap
            sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
          >
            <Time control={control} index={i} end="from" />
            <Time control={control} index={i} end="to" />
            <Button color="error" onClick={() => windows.remove(i)} sx={{ mt: 1 }}>
              <FormattedMessage id="expect.removeWindow" />
            </Button>
          </Stack>
        </Stack>
      ))}
      {windows.fields.length < CHECK_IN_WINDOWS_MAX && (
        <Button
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => windows.append({ days: [...CHECK_IN_DAYS], from: '08:00', to: '10:00' })}
        >
          <FormattedMessage id="expect.addWindow" />
        </Button>
      )}
    </>
  );
}

function Days({ control, index }: { control: FormControl; index: number }) {
  const intl = useIntl();
  return (
    <Controller
      control={control}
      name={`checkIns.${index}.days`}
      render={({ field, fieldState }) => (
        <>
          <ToggleButtonGroup
            size="small"
            value={field.value}
            onChange={(_e, days: CheckInDay[]) =>
              field.onChange(CHECK_IN_DAYS.filter((d) => days.includes(d)))
            }
            aria-label={intl.formatMessage({ id: 'expect.checkIns' })}
            sx={{ flexWrap: 'wrap' }}
          >
            {CHECK_IN_DAYS.map((day) => (
              <ToggleButton key={day} value={day} sx={{ px: 1 }}>
                <FormattedMessage id={`expect.day.${day}`} />
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {fieldState.error && (
            <Typography variant="caption" color="error">
              <FormattedMessage id="expect.noDay" />
            </Typography>
          )}
        </>
      )}
    />
  );
}

function Time({
  control,
  index,
  end,
}: {
  control: FormControl;
  index: number;
  end: 'from' | 'to';
}) {
  const intl = useIntl();
  return (
    <Controller
      control={control}
      name={`checkIns.${index}.${end}`}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          type="time"
          size="small"
          label={intl.formatMessage({ id: end === 'from' ? 'expect.from' : 'expect.to' })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
          sx={{ flex: '1 1 8.5rem', minWidth: '8.5rem', maxWidth: '12rem' }}
          error={fieldState.error !== undefined}
          helperText={fieldState.error ? intl.formatMessage({ id: 'expect.badWindow' }) : ' '}
        />
      )}
    />
  );
}
