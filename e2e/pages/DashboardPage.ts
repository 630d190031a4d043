import { expect, type Locator, type Page } from '@playwright/test';

export const AUDIO_PROMPT = "Per abilitare l'audio clicca in un punto qualsiasi dello schermo";

/** /sos (docs/console.md Dashboard): the audio prompt, then the device cards. */
export class DashboardPage {
  readonly heading: Locator;
  readonly audioPrompt: Locator;
  readonly list: Locator;
  readonly cards: Locator;
  readonly liveStatus: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    this.audioPrompt = page.getByText(AUDIO_PROMPT);
    this.list = page.getByRole('list', { name: 'Dispositivi' });
    this.cards = this.list.getByRole('listitem');
    this.liveStatus = page.getByRole('status');
  }

  async goto(): Promise<void> {
    await this.page.goto('/sos');
    await expect(this.heading).toBeVisible();
  }

  /** The first click anywhere enables audio (docs/console.md) and shows the grid. */
  async enableAudio(): Promise<void> {
    await expect(this.audioPrompt).toBeVisible();
    await this.heading.click();
    await expect(this.audioPrompt).toBeHidden();
  }

  /** Waits until the live stream is connected, so that events are not raced. */
  async waitLive(): Promise<void> {
    await expect(this.liveStatus).toHaveText('In tempo reale');
  }

  card(displayName: string): Locator {
    return this.cards.filter({
      has: this.page.getByRole('heading', { name: displayName, exact: true }),
    });
  }

  closeButton(displayName: string): Locator {
    return this.card(displayName).getByRole('button', { name: `Chiudi SOS di ${displayName}` });
  }

  /** The kind's label an alert card shows under its name (none for PANIC). */
  kindLabel(displayName: string): Locator {
    return this.card(displayName).getByTestId('sos-kind');
  }

  /** "Nuovo allarme: {kind}" on a card a further alarm re-alerted (docs/alarm-handling.md, "Re-alert"). */
  realertLine(displayName: string): Locator {
    return this.card(displayName).getByTestId('sos-realerted');
  }

  /** "SOS da gestire: {n}" above the audio prompt, before the enabling click. */
  get promptBanner(): Locator {
    return this.page.getByTestId('prompt-banner');
  }

  /** The alert card's button that opens its detail ("Dettaglio", docs/alarm-handling.md). */
  detailButton(displayName: string): Locator {
    return this.card(displayName).getByRole('button', { name: `Dettaglio di ${displayName}` });
  }

  deleteButton(displayName: string): Locator {
    return this.card(displayName).getByRole('button', {
      name: `Elimina il dispositivo ${displayName}`,
    });
  }

  /** The displayName of every card, in the order shown. */
  async names(): Promise<string[]> {
    return this.cards.getByRole('heading').allInnerTexts();
  }
}
