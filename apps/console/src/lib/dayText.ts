/*
 * A day (YYYY-MM-DD) as the console's language writes it, and back: the "Dal" / "Al"
 * fields follow the language on screen, not the browser's (docs/console.md, History).
 * Languages are given by their BCP 47 tag (i18n/locales.ts INTL_TAGS, react-intl's locale).
 */

type Part = 'day' | 'month' | 'year';

const formatter = (tag: string) =>
  new Intl.DateTimeFormat(tag, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The order of day, month and year in the language's dates (it: day, month, year). */
export const dayOrder = (tag: string): Part[] =>
  formatter(tag)
    .formatToParts(Date.UTC(2025, 2, 10))
    .flatMap(({ type }) => (type === 'day' || type === 'month' || type === 'year' ? [type] : []));

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Midnight UTC of a day; years below 100 stay themselves (Date.UTC would add 1900). */
function utcDay(year: number, month: number, date: number): Date {
  const day = new Date(0);
  day.setUTCFullYear(year, month - 1, date);
  return day;
}

/** '2025-03-10' → '10/03/2025' in Italian, '03/10/2025' in English; '' stays ''. */
export function formatDay(day: string, tag: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return '';
  return formatter(tag).format(utcDay(year, month, date));
}

// Arabic-Indic and Eastern Arabic-Indic digits are read as 0–9; direction marks separate.
const latinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90));

/**
 * What was typed, as a day YYYY-MM-DD: in the language's order with any separator, or
 * ISO (a 4-digit first number, as pasted from elsewhere). null for anything else: a
 * missing part, a 2-digit year, a day the calendar has not (31/02).
 */
export function parseDay(text: string, tag: string): string | null {
  const numbers = latinDigits(text).match(/\d+/g);
  if (numbers?.length !== 3) return null;
  const order: Part[] = numbers[0]?.length === 4 ? ['year', 'month', 'day'] : dayOrder(tag);
  const part = (name: Part) => numbers[order.indexOf(name)] ?? '';
  if (part('year').length !== 4 || part('month').length > 2 || part('day').length > 2) return null;
  const [year, month, date] = [Number(part('year')), Number(part('month')), Number(part('day'))];
  const check = utcDay(year, month, date);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1) return null;
  if (check.getUTCDate() !== date) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;
}
