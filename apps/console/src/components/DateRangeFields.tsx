import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useIntl } from 'react-intl';

/** Days YYYY-MM-DD; '' when unset. The server reads each as that day in its time zone. */
export interface DateRange {
  from: string;
  to: string;
}

/** "Dal" after "Al" (typed, the pickers' limits do not stop the keyboard): nothing to ask for. */
export const isReversed = ({ from, to }: DateRange): boolean => from !== '' && to !== '' && from > to;

/**
 * "Dal" / "Al": two native date inputs (a calendar on every browser, no date-picker
 * library in the bundle). Each limits the other, so the range is never reversed.
 */
export function DateRangeFields({ value, onChange }: { value: DateRange; onChange: (next: DateRange) => void }) {
  const intl = useIntl();
  // A field error on "Dal" (docs/shift.md), never a failed call's 'Errore inaspettato!'.
  const reversed = isReversed(value);
  const field = (name: keyof DateRange, label: 'report.from' | 'report.to') => (
    <TextField
      type="date"
      size="small"
      fullWidth={false}
      margin="none"
      sx={{ width: 180 }}
      name={name}
      label={intl.formatMessage({ id: label })}
      value={value[name]}
      error={name === 'from' && reversed}
      helperText={name === 'from' && reversed ? intl.formatMessage({ id: 'shift.dateOrder' }) : undefined}
      onChange={(event) => onChange({ ...value, [name]: event.target.value })}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: name === 'from' ? { max: value.to || undefined } : { min: value.from || undefined },
      }}
    />
  );
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
      {field('from', 'report.from')}
      {field('to', 'report.to')}
    </Stack>
  );
}
