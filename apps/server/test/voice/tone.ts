import { readFileSync, writeFileSync } from 'node:fs';
import { monoWav } from '@sos/simulator';

// The voice tests' audio: a sine to send, and what a recording of it holds.

/** A mono 16-bit 8 kHz WAV of a sine. */
export function sineWav(file: string, hz: number, seconds: number): void {
  const rate = 8000;
  const samples = new Int16Array(rate * seconds);
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round(12000 * Math.sin((2 * Math.PI * hz * i) / rate));
  writeFileSync(file, monoWav(samples, rate));
}

/** A 16-bit PCM WAV's samples (first channel), the RMS of each 20 ms frame, and the loudest. */
function levelsOf(file: string) {
  const wav = readFileSync(file);
  const rate = wav.readUInt32LE(24);
  const channels = wav.readUInt16LE(22);
  const start = wav.indexOf('data') + 8;
  const samples: number[] = [];
  for (let i = start; i + 1 < wav.length; i += 2 * channels) samples.push(wav.readInt16LE(i));
  const frame = Math.round(rate / 50);
  const frames: number[] = [];
  for (let i = 0; i + frame <= samples.length; i += frame) frames.push(rms(samples, i, i + frame));
  return { samples, rate, frame, frames, loudest: Math.max(0, ...frames) };
}

function rms(samples: number[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/**
 * How many seconds of a recording are loud (20 ms frames above a tenth of the loudest): audio
 * that stopped for a while shows as that much less.
 */
export function loudSeconds(file: string): number {
  const { frames, loudest } = levelsOf(file);
  if (loudest === 0) return 0;
  return frames.filter((level) => level > loudest / 10).length / 50;
}

/** Frames read together for one estimate: 100 ms. */
const BLOCK = 5;

/**
 * The dominant frequency of a 16-bit PCM WAV (Hz), or 0 when under half a second is loud: the
 * median of one estimate per 100 ms of loud, unbroken audio (frames above a tenth of the
 * loudest). Each block counts its cycles with a Schmitt trigger at half its own RMS, so a tone
 * whose level moves (a browser's gain control and noise suppression shape its microphone)
 * counts every cycle, and a minority of damaged blocks (a gap, a DTMF event's packets, a late
 * packet concealed on a loaded machine) cannot move the median.
 */
export function toneOf(file: string): number {
  const { samples, rate, frame, frames, loudest } = levelsOf(file);
  const loud = frames.flatMap((level, i) => (level > loudest / 10 ? [i] : []));
  if (loudest === 0 || loud.length * frame < rate / 2) return 0;
  const estimates: number[] = [];
  let run = 0; // loud frames in a row so far
  loud.forEach((index, i) => {
    run = i > 0 && loud[i - 1] === index - 1 ? run + 1 : 1;
    if (run % BLOCK === 0)
      estimates.push(frequencyIn(samples, (index + 1 - BLOCK) * frame, (index + 1) * frame, rate));
  });
  estimates.sort((a, b) => a - b);
  return Math.round(estimates[Math.floor(estimates.length / 2)] ?? 0);
}

/**
 * The frequency of samples[from, to): half-cycles between their first and last swing from one
 * side to the other (past half their RMS), over the time between those two swings.
 */
function frequencyIn(samples: number[], from: number, to: number, rate: number): number {
  const threshold = rms(samples, from, to) / 2;
  const swings: number[] = [];
  let high: boolean | undefined;
  for (let i = from; i < to; i++) {
    const sample = samples[i]!;
    if (sample > threshold && high !== true) {
      if (high === false) swings.push(i);
      high = true;
    } else if (sample < -threshold && high !== false) {
      if (high === true) swings.push(i);
      high = false;
    }
  }
  if (swings.length < 2) return 0;
  return (swings.length - 1) / 2 / ((swings.at(-1)! - swings[0]!) / rate);
}
