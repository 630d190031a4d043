/** What the alarm needs of an HTMLAudioElement (a fake one in tests). */
export interface AudioLike {
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  loop: boolean;
  muted: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'timeupdate', listener: () => void): void;
  removeEventListener(type: 'timeupdate', listener: () => void): void;
}

/** MP3 frames pad the end with silence: restart before it is heard (docs/console.md). */
const RESTART_BEFORE_END_S = 0.33;

export interface AlarmLoop {
  /** Plays (looping) while true, stops and rewinds when false. */
  setRinging(ringing: boolean): void;
  dispose(): void;
}

export function createAlarmLoop(audio: AudioLike): AlarmLoop {
  const onTimeUpdate = () => {
    if (
      Number.isFinite(audio.duration) &&
      audio.duration - audio.currentTime < RESTART_BEFORE_END_S
    ) {
      audio.currentTime = 0;
    }
  };
  audio.loop = true; // a fallback should a timeupdate come too late
  audio.addEventListener('timeupdate', onTimeUpdate);
  return {
    setRinging(ringing) {
      if (ringing && audio.paused) {
        // Autoplay refusals and decoding errors are only logged (docs/console.md).
        audio.play().catch((error: unknown) => console.error('Alarm playback failed', error));
      } else if (!ringing && !audio.paused) {
        audio.pause();
        audio.currentTime = 0;
      }
    },
    dispose() {
      audio.removeEventListener('timeupdate', onTimeUpdate);
      audio.pause();
    },
  };
}
