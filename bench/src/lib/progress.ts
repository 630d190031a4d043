/**
 * A line on stderr now and then while a long run goes on (at most every 10 s, and at the
 * end), so a full-size run that takes minutes shows where it is and how long is left — and
 * a run that has stopped moving shows that too.
 */
export class Progress {
  private readonly started = Date.now();
  private lastPrinted = Date.now();

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly everyMs = 10_000,
  ) {}

  /** `done` of `total` finished; `detail` says what matters so far (missing, errors…). */
  tick(done: number, detail = ''): void {
    const now = Date.now();
    if (done < this.total && now - this.lastPrinted < this.everyMs) return;
    this.lastPrinted = now;
    const elapsed = (now - this.started) / 1000;
    const left = done > 0 ? (elapsed / done) * (this.total - done) : NaN;
    const eta =
      Number.isFinite(left) && done < this.total ? `, about ${Math.ceil(left)} s left` : '';
    process.stderr.write(
      `  ${this.label}: ${done}/${this.total} in ${Math.round(elapsed)} s${eta}${detail ? ` (${detail})` : ''}\n`,
    );
  }
}
