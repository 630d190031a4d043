/** The rows of a raw statement: both drivers (node-postgres, PGlite) answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}
