import { soundElement } from '../audio/audioRuntime.js';

/**
 * The technical alarm's single chime (docs/alarm-handling.md): quieter than the SOS loop, never
 * looped; it plays from the sound kept in memory at sign-in (audioRuntime.ts keepSounds).
 */
export function playChime(): void {
  const chime = soundElement('chime');
  chime.currentTime = 0;
  const played = chime.play() as Promise<void> | undefined;
  played?.catch((error: unknown) => console.error('Chime playback failed', error));
}
