/**
 * One value read from the database, kept for `ttlMs`. `forget()` drops it at once (the
 * value changed here, or another process said so); a read that was already under way when
 * it was forgotten does not put its (possibly old) answer back.
 */
export class CachedValue<T> {
  private value: { data: T; until: number } | undefined;
  private loading: Promise<T> | undefined;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.value && this.now() < this.value.until) return Promise.resolve(this.value.data);
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load().then((data) => {
      if (generation === this.generation) this.value = { data, until: this.now() + this.ttlMs };
      return data;
    });
    this.loading = loading;
    // Cleared whatever the outcome: a failed read is retried by the next caller.
    const clear = () => {
      if (this.loading === loading) this.loading = undefined;
    };
    loading.then(clear, clear);
    return loading;
  }

  forget() {
    this.generation++;
    this.value = undefined;
    this.loading = undefined;
  }
}
