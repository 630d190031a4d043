import type { SimulationStats } from './types.js';

/** One line saying where the simulation stands. */
export function summaryLine(s: SimulationStats): string {
  const parts = [
    `${s.registered}/${s.devices} devices registered`,
    `SOS raised ${s.sosRaised}` + (s.sosAlreadyOpen ? ` (already open ${s.sosAlreadyOpen})` : ''),
    `heartbeats ${s.heartbeats}`,
    `errors ${s.errors}`,
  ];
  if (s.sosHeldBack) parts.push(`held back ${s.sosHeldBack}`);
  if (s.deleted) parts.push(`deleted ${s.deleted}`);
  return parts.join(' · ');
}

interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * Event lines and a summary line. In a terminal the summary stays on the last line and
 * refreshes in place (event lines print above it); elsewhere (a pipe, a log file) every
 * summary is a line of its own.
 */
export class Reporter {
  private summary: string | undefined;

  constructor(private readonly out: Output) {}

  get interactive(): boolean {
    return Boolean(this.out.isTTY);
  }

  line(text: string): void {
    if (this.interactive && this.summary !== undefined) {
      this.out.write(`\r\x1b[2K${text}\n${this.summary}`);
    } else {
      this.out.write(`${text}\n`);
    }
  }

  showSummary(text: string): void {
    if (this.interactive) {
      this.summary = text;
      this.out.write(`\r\x1b[2K${text}`);
    } else {
      this.out.write(`${text}\n`);
    }
  }

  /** Leaves the terminal on a fresh line. */
  end(): void {
    if (this.interactive && this.summary !== undefined) this.out.write('\n');
    this.summary = undefined;
  }
}
