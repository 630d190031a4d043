import type { BenchResult } from './report.js';
import type { Size } from './size.js';

export interface BenchContext {
  size: Size;
  /** --profile: the server under test writes a V8 CPU profile into profileDir. */
  profile: boolean;
  profileDir: string;
  /** A bench's own numeric flags from the command line (`--devices 1000`, `--rate=50`). */
  flags?: Record<string, number>;
}

/** What a bench returns; the runner adds the machine, the cores and the duration. */
type BenchOutput = Pick<BenchResult, 'results' | 'targets' | 'notes'>;

export interface Bench {
  name: string;
  summary: string;
  run(ctx: BenchContext): Promise<BenchOutput>;
}
