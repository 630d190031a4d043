import { z } from 'zod';

/** The console's languages (apps/console/src/i18n/locales.ts), which an export may be written in. */
export const EXPORT_LANGUAGES = ['it', 'en', 'es', 'fr', 'de', 'ar'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** How an export is written (docs/alarm-handling.md "Exports"): RFC 4180 with codes, or for a spreadsheet. */
export const EXPORT_FORMATS = ['csv', 'excel'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** ?format=&lang= of the CSV exports: `excel` writes in `lang` (Italian when unsaid). */
export const exportQueryShape = {
  format: z
    .enum(EXPORT_FORMATS, { error: `must be one of ${EXPORT_FORMATS.join(', ')}` })
    .optional(),
  lang: z
    .enum(EXPORT_LANGUAGES, { error: `must be one of ${EXPORT_LANGUAGES.join(', ')}` })
    .optional(),
};
