import { audioContext } from '../alarm/audioRuntime.js';

/*
 * The inbound call's ring (docs/voice.md): generated, never the alarm's sound, so an operator
 * tells a call from a new SOS by ear. Italy's ringing tone: 425 Hz, 1 s on, 4 s off.
 */
const FREQUENCY_HZ = 425;
const ON_S = 1;
const PERIOD_S = 5;
const VOLUME = 0.2;

export interface Ring {
  stop(): void;
}

/** Starts ringing on the session's AudioContext (unlocked by the first click); null without one. */
export function startRing(): Ring | null {
  const context = audioContext();
  if (!context) return null;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = FREQUENCY_HZ;
  gain.gain.value = 0;
  oscillator.connect(gain).connect(context.destination);
  // Ten minutes of cadence scheduled at once: a ring nobody answers ends long before.
  const start = context.currentTime;
  for (let t = 0; t < 600; t += PERIOD_S) {
    gain.gain.setValueAtTime(VOLUME, start + t);
    gain.gain.setValueAtTime(0, start + t + ON_S);
  }
  oscillator.start();
  return {
    stop() {
      oscillator.stop();
      oscillator.disconnect();
      gain.disconnect();
    },
  };
}
