import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isQueryDateInRange, QUERY_DATE_MAX, QUERY_DATE_MIN } from '@sos/contract/dates';
import { useState } from 'react';
import { useIntl } from 'react-intl';

/** Days YYYY-MM-DD; '' when unset. The server reads each as that day in its time zone. */
export interface DateRange {
  from: string;
  to: string;
}

/** "Dal" after "Al" (typed, the pickers' limits do not stop the keyboard): nothing to ask for. */
export const isReversed = ({ from, to }: DateRange): boolean =>
  from !== '' && to !== '' && from > to;

/**
 * "Dal" / "Al": two native date inputs (a calendar on every browser, no date-picker
 * library in the bundle). Each limits the other, so the range is never reversed, and both
 * keep to the dates a query may carry (the contract's rule, docs/hardening.md): a day
 * outside is shown with its error and never passed on, so it never reaches the server.
 */
export function DateRangeFields({
  value,
  onChange,
}: {
  value: DateRange;
  onChange: (next: DateRange) => void;
}) {
  const intl = useIntl();
  // What was typed out of range, per field, until it is corrected or cleared.
  const [refused, setRefused] = useState<Partial<DateRange>>({});
  // "Dal" after "Al": a field error on "Dal" (docs/shift.md), never 'Errore inaspettato!'.
  const reversed = isReversed(value);
  const change = (name: keyof DateRange, typed: string) => {
    if (typed !== '' && !isQueryDateInRange(typed))
      return setRefused({ ...refused, [name]: typed });
    setRefused({ ...refused, [name]: undefined });
    onChange({ ...value, [name]: typed });
  };
  const errorOf = (name: keyof DateRange) =>
    refused[name] !== undefined
      ? 'validation.dateRange'
      : name === 'from' && reversed
        ? 'shift.dateOrder'
        : undefined;
  const field = (name: keyof DateRange, label: 'report.from' | 'report.to') => {
    const error = errorOf(name);
    return (
      <TextField
        type="date"
        size="small"
        fullWidth={false}
        margin="none"
        sx={{ width: 180 }}
        name={name}
        label={intl.formatMessage({ id: label })}
        value={refused[name] ?? value[name]}
        onChange={(event) => change(name, event.target.value)}
        error={error !== undefined}
        helperText={error ? intl.formatMessage({ id: error }) : undefined}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput:
            name === 'from'
              ? { min: QUERY_DATE_MIN, max: value.to || QUERY_DATE_MAX }
              : { min: value.from || QUERY_DATE_MIN, max: QUERY_DATE_MAX },
        }}
      />
    );
  };
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
      {field('from', 'report.from')}
      {field('to', 'report.to')}
    </Stack>
  );
}
