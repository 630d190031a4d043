import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { monoWav } from '@sos/simulator';
import { sineWav, toneOf } from './tone.js';

// The voice tests judge a call's audio by toneOf: these are recordings as a call shapes them.
const dir = mkdtempSync(join(tmpdir(), 'sos-tone-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RATE = 8000;

/** A WAV of `seconds` of samples given by `at(i)`, clipped to 16 bits. */
function wav(name: string, seconds: number, at: (i: number) => number): string {
  const samples = new Int16Array(RATE * seconds);
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.max(-32768, Math.min(32767, Math.round(at(i))));
  const file = join(dir, name);
  writeFileSync(file, monoWav(samples, RATE));
  return file;
}

const sine = (hz: number, i: number) => Math.sin((2 * Math.PI * hz * i) / RATE);

describe('toneOf', () => {
  it('reads a steady tone within a few hertz', () => {
    for (const hz of [440, 1000]) {
      const file = join(dir, `steady-${hz}.wav`);
      sineWav(file, hz, 2);
      expect(Math.abs(toneOf(file) - hz)).toBeLessThan(3);
    }
  });

  it('reads a tone whose level climbs tenfold (a gain control settling) as the same tone', () => {
    // A second of 440 Hz climbing from 1,000 to 10,000, then a second steady.
    const file = wav(
      'climbing.wav',
      2,
      (i) => sine(440, i) * Math.min(10_000, 1000 + (9000 * i) / RATE),
    );
    expect(Math.abs(toneOf(file) - 440)).toBeLessThan(10);
  });

  it('is not moved by a third of the audio damaged (loud noise)', () => {
    let seed = 7;
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 20_000;
    // Every third 100 ms block is loud noise.
    const file = wav('damaged.wav', 3, (i) =>
      Math.floor(i / 800) % 3 === 2 ? noise() : 10_000 * sine(440, i),
    );
    expect(Math.abs(toneOf(file) - 440)).toBeLessThan(10);
  });

  it('is 0 for silence and for under half a second of sound', () => {
    expect(toneOf(wav('silence.wav', 2, () => 0))).toBe(0);
    expect(toneOf(wav('short.wav', 2, (i) => (i < 3000 ? 10_000 * sine(440, i) : 0)))).toBe(0);
  });
});
