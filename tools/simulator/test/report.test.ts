import { describe, expect, it } from 'vitest';
import { Reporter, summaryLine } from '../src/report.js';

const stats = {
  devices: 12,
  registered: 12,
  sosRaised: 3,
  sosAlreadyOpen: 2,
  sosHeldBack: 0,
  heartbeats: 48,
  errors: 1,
  deleted: 0,
};

function output(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, chunks, write: (text: string) => chunks.push(text) };
}

describe('simulator output', () => {
  it('sums up devices, SOS, heartbeats and errors in one line', () => {
    expect(summaryLine(stats)).toBe(
      '12/12 devices registered · SOS raised 3 (already open 2) · heartbeats 48 · errors 1',
    );
    expect(summaryLine({ ...stats, sosAlreadyOpen: 0, sosHeldBack: 4, deleted: 1 })).toBe(
      '12/12 devices registered · SOS raised 3 · heartbeats 48 · errors 1 · held back 4 · deleted 1',
    );
  });

  it('refreshes the summary in place in a terminal, event lines printing above it', () => {
    const out = output(true);
    const reporter = new Reporter(out);
    reporter.showSummary('summary 1');
    reporter.line('SOS #1 raised');
    reporter.showSummary('summary 2');
    reporter.end();
    expect(out.chunks.join('')).toBe(
      '\r\x1b[2Ksummary 1' + '\r\x1b[2KSOS #1 raised\nsummary 1' + '\r\x1b[2Ksummary 2' + '\n',
    );
  });

  it('prints plain lines when the output is not a terminal', () => {
    const out = output(false);
    const reporter = new Reporter(out);
    reporter.showSummary('summary 1');
    reporter.line('SOS #1 raised');
    reporter.end();
    expect(out.chunks.join('')).toBe('summary 1\nSOS #1 raised\n');
  });
});
