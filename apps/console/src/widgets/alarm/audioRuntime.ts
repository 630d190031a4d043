/*
 * Browser audio objects, kept outside Redux (not serialisable): one AudioContext and one
 * alarm element for the whole session.
 */

export const ALARM_URL = '/alarm.mp3';

let context: AudioContext | null = null;
let alarm: HTMLAudioElement | null = null;

export function alarmElement(): HTMLAudioElement {
  if (!alarm) {
    alarm = new Audio(ALARM_URL);
    alarm.preload = 'auto';
  }
  return alarm;
}

const ignoreAbort = (error: unknown) => {
  // pause() right after play() rejects the play promise: expected while unlocking.
  if ((error as { name?: string } | null)?.name !== 'AbortError')
    console.error('Audio unlock failed', error);
};

/**
 * Runs inside the first click (a user gesture), as browsers demand before sound: creates
 * the AudioContext (docs/console.md) and starts the alarm element muted for an instant (docs/console.md),
 * which unlocks it for the later, gesture-less plays of an incoming SOS.
 */
export function unlockAudio(): void {
  if (!context && typeof AudioContext !== 'undefined') {
    context = new AudioContext();
    context.resume().catch((error: unknown) => console.error('AudioContext resume failed', error));
  }
  const audio = alarmElement();
  audio.muted = true;
  const started = audio.play() as Promise<void> | undefined;
  audio.pause();
  audio.muted = false;
  started?.catch(ignoreAbort);
}

/** The session's AudioContext, once the first click created it (the voice ring plays on it). */
export const audioContext = (): AudioContext | null => context;

/** Asked on the enabling click, so the answer comes from a user gesture. */
export function askNotificationPermission(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  Notification.requestPermission().catch((error: unknown) =>
    console.error('Notification permission request failed', error),
  );
}
