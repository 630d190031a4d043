// CSV as every export of the console writes it (the history, the audit log): RFC 4180, UTF-8
// with a byte order mark, and formula-safe.

/**
 * A text a spreadsheet would run as a formula when the file is opened (OWASP "CSV
 * injection"): device names come from the devices and notes from operators, so neither is
 * trusted. Such a text is written with a leading apostrophe, which spreadsheets show as
 * text; numbers and ISO times never start this way.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a field with a comma, a quote, CR or LF is quoted, its quotes doubled. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: (string | number | null)[]) => fields.map(csvField).join(',') + '\r\n';

/** UTF-8 byte order mark: spreadsheet programs then read Arabic and accents right. */
export const CSV_BOM = '\uFEFF';
