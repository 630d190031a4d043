import type { Page } from '@playwright/test';
import { apiPath } from '@sos/contract/paths';

declare global {
  interface Window {
    __e2eCutStreams?: () => number;
  }
}

/**
 * Lets the test cut the live stream as a network drop would. Chromium's offline
 * emulation blocks new requests but leaves an open event stream flowing, so every
 * /api/sos/realTime response body is relayed through a stream the test can break.
 */
export async function makeStreamsCuttable(page: Page): Promise<void> {
  // The path goes in as the script's argument: the script runs in the page, without imports.
  await page.addInitScript((streamPath) => {
    const cuts: (() => void)[] = [];
    const realFetch = window.fetch.bind(window);
    window.__e2eCutStreams = () => {
      const count = cuts.length;
      for (const cut of cuts.splice(0)) cut();
      return count;
    };
    window.fetch = async (input, init) => {
      const response = await realFetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes(streamPath) || !response.body) return response;
      const reader = response.body.getReader();
      let broken = false;
      let relay!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => void (relay = controller),
        pull: async (controller) => {
          try {
            const { done, value } = await reader.read();
            if (broken) return;
            if (done) controller.close();
            else controller.enqueue(value);
          } catch (error) {
            if (!broken) controller.error(error);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      });
      cuts.push(() => {
        broken = true;
        relay.error(new TypeError('network error'));
        void reader.cancel().catch(() => undefined);
      });
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
  }, apiPath('sosRealTime'));
}

/** Breaks every open live stream; answers how many there were. */
export function cutStreams(page: Page): Promise<number> {
  return page.evaluate(() => window.__e2eCutStreams?.() ?? 0);
}
