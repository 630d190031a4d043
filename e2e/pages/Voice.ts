import { expect, type Locator, type Page } from '@playwright/test';
import { DashboardPage } from './DashboardPage.js';

/** The softphone as an operator sees it (docs/voice.md): banner, in-call bar, "Chiama". */
export class Voice {
  readonly banner: Locator;
  readonly answer: Locator;
  readonly reject: Locator;
  readonly inCall: Locator;
  readonly timer: Locator;
  readonly hangUp: Locator;
  readonly lost: Locator;

  constructor(
    readonly page: Page,
    scope: Locator = page.locator('body'),
  ) {
    this.banner = page.getByTestId('incoming-call');
    this.answer = this.banner.getByRole('button', { name: 'Rispondi' });
    this.reject = this.banner.getByRole('button', { name: 'Rifiuta' });
    this.inCall = scope.getByTestId('in-call');
    this.timer = this.inCall.getByRole('timer');
    this.hangUp = this.inCall.getByRole('button', { name: 'Chiudi chiamata' });
    this.lost = page.getByRole('status').filter({ hasText: 'Voce non disponibile' });
  }

  /** A signed-in dashboard whose softphone has registered (Italian: live stream checked too). */
  static async signedIn(page: Page, italian = true): Promise<Voice> {
    const voice = new Voice(page);
    if (italian) {
      const dashboard = new DashboardPage(page);
      await dashboard.goto();
      await dashboard.enableAudio();
      await dashboard.waitLive();
    } else {
      await page.goto('/sos');
      await page.getByRole('heading', { level: 1 }).click(); // the first click enables audio
    }
    await voice.waitRegistered();
    return voice;
  }

  /** The softphone has registered with Kamailio. */
  async waitRegistered(): Promise<void> {
    await expect(this.page.locator('header[data-voice]')).toHaveAttribute(
      'data-voice',
      'registered',
      { timeout: 20_000 },
    );
  }

  /** "Chiama" in a callee's row of the call-out. */
  dial(row: Locator): Locator {
    return row.getByRole('button', { name: /^Chiama/ });
  }

  /**
   * The dominant frequency (Hz) of what the far end sends, measured in the page on the
   * remote track with an AnalyserNode over about a second.
   */
  async remoteTone(): Promise<number> {
    return this.page.evaluate(async () => {
      const element = document.querySelector<HTMLAudioElement>('audio[data-voice-remote]');
      const stream = element?.srcObject;
      if (!(stream instanceof MediaStream)) return 0;
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 8192;
      context.createMediaStreamSource(stream).connect(analyser);
      const sums = new Float32Array(analyser.frequencyBinCount);
      const frame = new Float32Array(analyser.frequencyBinCount);
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        analyser.getFloatFrequencyData(frame);
        for (let bin = 0; bin < frame.length; bin++)
          sums[bin] = (sums[bin] ?? 0) + (frame[bin] ?? 0);
      }
      let peak = 1;
      for (let bin = 2; bin < sums.length; bin++)
        if ((sums[bin] ?? -Infinity) > (sums[peak] ?? -Infinity)) peak = bin;
      const hz = (peak * context.sampleRate) / analyser.fftSize;
      await context.close();
      return hz;
    });
  }
}
