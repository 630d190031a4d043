/**
 * Errors as they may appear in a log (docs/hardening.md, "Logged once, and without personal data"): a failed
 * statement is kept by its SQL text (field names, `$1` placeholders) and its codes, never its
 * parameters. Drizzle's DrizzleQueryError says `Failed query: <sql>\nparams: <values>` in its
 * message and stack; PostgreSQL's `detail` and `where` quote the values (`Key (username)=(bob)`),
 * and some messages end with the value they refused (`invalid input syntax …: "abc"`).
 */

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
  query?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** A message without the values it quotes. */
function safeMessage(message: string): string {
  return message
    .replace(/\nparams: [\s\S]*$/, '')
    .replace(/: "[\s\S]*$/, '')
    .replace(/\b(Key|key) \([^)]*\)=\([\s\S]*$/, '$1 (…)');
}

/** The stack's frames under the safe message (the stack's first lines repeat the message). */
function safeStack(stack: string, message: string): string {
  const frames = stack.indexOf('\n    at ');
  return `${message}${frames >= 0 ? stack.slice(frames) : ''}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * pino's `err` serializer: type, safe message and stack, codes, the SQL text, the cause alike.
 * An object becomes a Record<string, unknown>; anything else is returned as it came.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const e = error as ErrorLike;
  const message = safeMessage(text(e.message) ?? '');
  const out: Record<string, unknown> = {
    type: text(e.name) ?? error.constructor?.name ?? 'Error',
    message,
  };
  if (text(e.stack)) out.stack = safeStack(e.stack as string, `${String(out.type)}: ${message}`);
  for (const key of ['code', 'query', 'table', 'column', 'constraint'] as const) {
    const value = text(e[key]);
    if (value) out[key] = value;
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** The one-line reason of a failure, for a log field. */
export function safeErrorMessage(error: unknown): string {
  return error instanceof Error ? safeMessage(error.message) : 'failed';
}
