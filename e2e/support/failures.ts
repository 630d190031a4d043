import type { Page } from '@playwright/test';

/**
 * Makes the server "fail" one call (method + path) with a 500, as a broken backend would;
 * every other call goes through. Returns how many times the call was refused.
 */
export async function failCall(
  page: Page,
  method: string,
  path: RegExp,
): Promise<{ count: () => number }> {
  let count = 0;
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      count += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'e2e',
          code: 'INTERNAL_ERROR',
        }),
      });
    },
  );
  return { count: () => count };
}

/** The console's error logs (docs/console.md: "the failure is logged"). */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
