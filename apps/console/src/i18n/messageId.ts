/**
 * Every message id of the console: the ones app/catalogue.ts, which assembles the screens'
 * catalogues, declares to react-intl (its `FormatjsIntl.Message`). Shared code and screens
 * name ids through this type without importing the assembly above them (docs/console.md,
 * Layers); app/catalogue.ts checks that the two agree, so this is never a plain string.
 */
export type MessageId = FormatjsIntl.Message extends { ids: infer T extends string } ? T : string;
