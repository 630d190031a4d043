import {
  AUDIT_ACTION_LABELS,
  AUDIT_TARGET_LABELS,
  KIND_LABELS,
  OUTCOME_LABELS,
  type ExportFormat,
  type ExportLanguage,
} from '@sos/contract';

/*
 * The one way the exports (history, audit log) write CSV (docs/alarm-handling.md "Exports"):
 * the plain CSV (RFC 4180, commas, ISO 8601 UTC times, codes), or `excel`, which a spreadsheet
 * in Italy (or France, Germany…) opens in columns: `;` separated, times in TZ as
 * dd/MM/yyyy HH:mm:ss, codes and column names in the reader's language. Both with a BOM.
 */

/** UTF-8 byte order mark: spreadsheet programs then read Arabic and accents right. */
export const CSV_BOM = '\uFEFF';

/**
 * A text a spreadsheet would run as a formula when the file is opened (OWASP "CSV
 * injection"): device names come from the devices and notes from operators, so neither is
 * trusted. Such a text is written with a leading apostrophe, which spreadsheets show as
 * text; numbers and ISO times never start this way.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

type CsvCell = string | number | null;

/** RFC 4180: a field with the separator, a quote, CR or LF is quoted, its quotes doubled. */
function csvField(value: CsvCell, separator = ','): string {
  if (value === null) return '';
  const text = typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : String(value);
  const special = separator === ',' ? /[",\r\n]/ : /[";\r\n]/;
  return special.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (fields: CsvCell[], separator = ',') =>
  fields.map((field) => csvField(field, separator)).join(separator) + '\r\n';

/** How one export is written: its line, its times, its words for codes. */
export interface CsvStyle {
  line(fields: CsvCell[]): string;
  time(date: Date | null): string | null;
  /** A column's name: the code itself in the plain CSV. */
  column(code: string, labels: Record<ExportLanguage, Record<string, string>>): string;
  kind(code: string): string;
  outcome(code: string | null): string | null;
  action(code: string): string;
  target(code: string | null): string | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The plain CSV, unchanged: commas, ISO 8601 UTC, codes. */
export const PLAIN_CSV: CsvStyle = {
  line: (fields) => csvLine(fields),
  time: iso,
  column: (code) => code,
  kind: (code) => code,
  outcome: (code) => code,
  action: (code) => code,
  target: (code) => code,
};

/** dd/MM/yyyy HH:mm:ss in `tz`, Latin digits (a spreadsheet reads them as a date). */
function localTime(tz: string): (date: Date | null) => string | null {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    if (!date) return null;
    const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
    return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/** For a spreadsheet: `;`, local times, the reader's words. */
function excelCsv(tz: string, lang: ExportLanguage): CsvStyle {
  const word = (labels: Record<ExportLanguage, Record<string, string>>, code: string) =>
    labels[lang][code] ?? code;
  return {
    line: (fields) => csvLine(fields, ';'),
    time: localTime(tz),
    column: (code, labels) => word(labels, code),
    kind: (code) => word(KIND_LABELS, code),
    outcome: (code) => (code === null ? null : word(OUTCOME_LABELS, code)),
    action: (code) => word(AUDIT_ACTION_LABELS, code),
    target: (code) => (code === null ? null : word(AUDIT_TARGET_LABELS, code)),
  };
}

/** The style a request asked for (`?format=&lang=`). */
export const csvStyleOf = (
  query: { format?: ExportFormat | undefined; lang?: ExportLanguage | undefined },
  tz: string,
) => (query.format === 'excel' ? excelCsv(tz, query.lang ?? 'it') : PLAIN_CSV);
