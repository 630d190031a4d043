/**
 * The far end's voice: one hidden <audio> per call, in the page (the end-to-end test measures
 * the tone it carries: `audio[data-voice-remote]`), removed when the call ends.
 */
export function attachRemoteAudio(callId: string, stream: MediaStream): void {
  let element = document.querySelector<HTMLAudioElement>(
    `audio[data-voice-remote="${CSS.escape(callId)}"]`,
  );
  if (!element) {
    element = document.createElement('audio');
    element.dataset.voiceRemote = callId;
    element.autoplay = true;
    document.body.append(element);
  }
  element.srcObject = stream;
  element.play().catch((error: unknown) => console.error('Remote audio playback failed', error));
}

export function detachRemoteAudio(callId: string): void {
  const element = document.querySelector<HTMLAudioElement>(
    `audio[data-voice-remote="${CSS.escape(callId)}"]`,
  );
  if (!element) return;
  element.srcObject = null;
  element.remove();
}
