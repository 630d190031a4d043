export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` every 100 ms until it gives a value; fails naming `what` after `ms`. */
export async function until<T>(
  what: string,
  read: () => Promise<T | undefined> | T | undefined,
  ms = 15_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`${what} did not happen in ${ms} ms`);
    await wait(100);
  }
}
