/** The product's name: the tab title with no SOS open, and before sign-in (index.html). */
export const PLAIN_TITLE = 'SOS Console';

/**
 * The tab title as it stands when nothing flashes ("(2) SOS Console"), shared with the
 * title flasher so a flash ends on the current count, not on the one it started with.
 */
export const tabTitle: { base: string | null } = { base: null };
