import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type CompiledMessages = Record<string, MessageFormatElement[]>;

/**
 * ICU texts → the AST react-intl formats from. Done at build time (build/messagesPlugin.ts)
 * so the browser needs no ICU parser: the bundle aliases it to its `no-parser` build.
 */
export function compileMessages(texts: Record<string, string>): CompiledMessages {
  return Object.fromEntries(Object.entries(texts).map(([id, text]) => [id, parse(text)]));
}
