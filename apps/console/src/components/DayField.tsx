import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messageId.js';

// The browser's own date input, unseen: only its calendar is used, opened by the button.
const UNSEEN = {
  position: 'absolute',
  inset: 0,
  opacity: 0,
  pointerEvents: 'none',
  border: 0,
  padding: 0,
} as const;

interface DayFieldProps {
  name: string;
  label: MessageId;
  /** What the field shows: as typed, or the day in the language's format. */
  text: string;
  /** The day the calendar opens on (YYYY-MM-DD or ''), and its limits. */
  day: string;
  min: string;
  max: string;
  error: MessageId | undefined;
  onType: (text: string) => void;
  onLeave: () => void;
  onPick: (day: string) => void;
}

/**
 * A day typed as the console's language writes it (the language's pattern as placeholder),
 * with the browser's calendar behind a button: a native date input alone would show the
 * browser's format, mm/dd/yyyy in an English browser whatever the console's language.
 */
export function DayField({ name, label, text, day, min, max, error, ...on }: DayFieldProps) {
  const intl = useIntl();
  const picker = useRef<HTMLInputElement>(null);
  const openCalendar = () => {
    const input = picker.current;
    // showPicker needs a user gesture (this click); browsers without it get the input's focus.
    if (input && typeof input.showPicker === 'function') input.showPicker();
    else input?.focus();
  };
  const calendar = (
    <InputAdornment position="end">
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <IconButton
          size="small"
          edge="end"
          aria-label={intl.formatMessage({ id: 'report.calendar' })}
          onClick={openCalendar}
        >
          <CalendarMonthOutlined fontSize="small" />
        </IconButton>
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden
          min={min}
          max={max}
          value={day}
          onChange={(event) => on.onPick(event.target.value)}
          style={UNSEEN}
        />
      </Box>
    </InputAdornment>
  );
  return (
    <TextField
      size="small"
      fullWidth={false}
      margin="none"
      sx={{ width: 180 }}
      name={name}
      label={intl.formatMessage({ id: label })}
      placeholder={intl.formatMessage({ id: 'report.datePattern' })}
      value={text}
      onChange={(event) => on.onType(event.target.value)}
      onBlur={on.onLeave}
      error={error !== undefined}
      helperText={error ? intl.formatMessage({ id: error }) : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: { endAdornment: calendar },
      }}
    />
  );
}
