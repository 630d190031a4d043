import Stack from '@mui/material/Stack';
import { isQueryDateInRange, QUERY_DATE_MAX, QUERY_DATE_MIN } from '@sos/contract/dates';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDay, parseDay } from '../lib/dayText.js';
import { DayField } from './DayField.js';

/** Days YYYY-MM-DD; '' when unset. The server reads each as that day in its time zone. */
export interface DateRange {
  from: string;
  to: string;
}

/** "Dal" after "Al" (typed, the pickers' limits do not stop the keyboard): nothing to ask for. */
export const isReversed = ({ from, to }: DateRange): boolean =>
  from !== '' && to !== '' && from > to;

type Field = keyof DateRange;
interface Props {
  value: DateRange;
  onChange: (next: DateRange) => void;
}

/**
 * "Dal" / "Al": each typed in the console's language (lib/dayText.ts), with a calendar
 * (DayField.tsx). Each limits the other's calendar, and both keep to the dates a query may
 * carry (the contract's rule, docs/hardening.md): a day outside, or text that is no day,
 * is shown with its error and never passed on, so it never reaches the server.
 */
export function DateRangeFields(props: Props) {
  // The language on screen, as react-intl's tag (i18n/shownLocale.ts would pull the
  // language loader out of the start-up chunk, one more file for /login: bench weight).
  const { locale } = useIntl();
  // Another language: what was typed in the previous one's order is dropped.
  return <RangeFields key={locale} locale={locale} {...props} />;
}

function RangeFields({ value, onChange, locale }: Props & { locale: string }) {
  // The text of a field being typed in, until it is left as a day the range took.
  const [typed, setTyped] = useState<Partial<Record<Field, string>>>({});
  // Fields left with text that is no day: their error shows once the typing is over.
  const [left, setLeft] = useState<Partial<Record<Field, boolean>>>({});
  const dayOf = (text: string) => (text.trim() === '' ? '' : parseDay(text, locale));
  const accepted = (day: string | null): day is string =>
    day !== null && (day === '' || isQueryDateInRange(day));

  const type = (name: Field, text: string) => {
    setTyped({ ...typed, [name]: text });
    setLeft({ ...left, [name]: false });
    const day = dayOf(text);
    if (accepted(day)) onChange({ ...value, [name]: day });
  };
  const leave = (name: Field) => {
    const text = typed[name];
    if (text === undefined) return;
    if (accepted(dayOf(text))) setTyped({ ...typed, [name]: undefined });
    else setLeft({ ...left, [name]: true });
  };
  const pick = (name: Field, day: string) => {
    setTyped({ ...typed, [name]: undefined });
    if (accepted(day)) onChange({ ...value, [name]: day });
  };

  // "Dal" after "Al": a field error on "Dal" (docs/shift.md), never 'Errore inaspettato!'.
  const reversed = isReversed(value);
  const errorOf = (name: Field) => {
    const text = typed[name];
    const day = text === undefined ? '' : dayOf(text);
    if (day !== null && !accepted(day)) return 'validation.dateRange';
    if (day === null && left[name]) return 'validation.dateRange';
    return name === 'from' && reversed ? 'shift.dateOrder' : undefined;
  };
  const field = (name: Field, label: 'report.from' | 'report.to') => (
    <DayField
      name={name}
      label={label}
      text={typed[name] ?? formatDay(value[name], locale)}
      day={value[name]}
      min={name === 'from' ? QUERY_DATE_MIN : value.from || QUERY_DATE_MIN}
      max={name === 'from' ? value.to || QUERY_DATE_MAX : QUERY_DATE_MAX}
      error={errorOf(name)}
      onType={(text) => type(name, text)}
      onLeave={() => leave(name)}
      onPick={(day) => pick(name, day)}
    />
  );
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
      {field('from', 'report.from')}
      {field('to', 'report.to')}
    </Stack>
  );
}
