/** The technical alarm's single chime (docs/alarm-handling.md): quieter than the SOS loop, never looped. */
export const CHIME_URL = '/chime.mp3';

let chime: HTMLAudioElement | null = null;

export function playChime(): void {
  chime ??= new Audio(CHIME_URL);
  chime.currentTime = 0;
  const played = chime.play() as Promise<void> | undefined;
  played?.catch((error: unknown) => console.error('Chime playback failed', error));
}
