/*
 * Browser audio objects, kept outside Redux (not serialisable): one AudioContext and one
 * element per sound for the whole session.
 */

export const ALARM_URL = '/alarm.mp3';
/** The technical alarm's single chime (docs/alarm-handling.md): quieter than the SOS loop, never looped. */
export const CHIME_URL = '/chime.mp3';

export type Sound = 'alarm' | 'chime';
const URLS: Record<Sound, string> = { alarm: ALARM_URL, chime: CHIME_URL };

let context: AudioContext | null = null;
const elements: Partial<Record<Sound, HTMLAudioElement>> = {};
/** The sounds' bytes, fetched once and kept in memory (object URLs of their blobs). */
const kept: Partial<Record<Sound, string>> = {};

/** The sound's one element; `data-sound` names it (its source is a blob once kept). */
export function soundElement(sound: Sound): HTMLAudioElement {
  let element = elements[sound];
  if (!element) {
    element = new Audio(kept[sound] ?? URLS[sound]);
    element.preload = 'auto';
    element.dataset.sound = sound;
    elements[sound] = element;
  }
  return element;
}

export const alarmElement = (): HTMLAudioElement => soundElement('alarm');

/** The element plays from memory from now on; one playing goes on playing. */
function adopt(sound: Sound, url: string): void {
  kept[sound] = url;
  const element = elements[sound];
  if (!element) return;
  const playing = !element.paused;
  element.src = url;
  if (playing)
    element.play().catch((error: unknown) => console.error(`Sound ${sound} failed`, error));
}

/** Between two tries at fetching the sounds while the server cannot be reached. */
export const SOUND_RETRY_MS = 5_000;
let keeping: Promise<void> | null = null;

async function fetchMissing(fetcher: typeof fetch): Promise<void> {
  for (const sound of Object.keys(URLS) as Sound[]) {
    if (kept[sound]) continue;
    const response = await fetcher(URLS[sound]);
    if (!response.ok) throw new Error(`${URLS[sound]}: ${response.status}`);
    adopt(sound, URL.createObjectURL(await response.blob()));
  }
}

/**
 * Sounds never lost (docs/shift.md "Sounds kept"): at sign-in the alarm and the chime are
 * fetched once and kept in memory, so a server outage later cannot leave an element without a
 * source ("no supported sources") and silence every later chime. Until both are kept it tries
 * again every SOUND_RETRY_MS; the returned function stops trying (sign-out).
 */
export function keepSounds(fetcher: typeof fetch = fetch): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    keeping ??= fetchMissing(fetcher).finally(() => (keeping = null));
    keeping.catch((error: unknown) => {
      console.error('Sounds could not be fetched: trying again', error);
      if (!stopped) timer = setTimeout(attempt, SOUND_RETRY_MS);
    });
  };
  if (!soundsKept()) attempt();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export const soundsKept = (): boolean => (Object.keys(URLS) as Sound[]).every((s) => kept[s]);

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
