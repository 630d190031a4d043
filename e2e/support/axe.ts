import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe on the page as it is and fails (softly, so every screen is checked) on any
 * serious or critical violation, listing them.
 *
 * In the page itself (legacy mode): the default runs axe in every frame, then finishes the
 * run in a blank page it opens for each call, which doubled each check's time and CPU (~0.6
 * against ~0.3 s a screen on this machine) for frames the console does not have. Only the
 * violations are collected in full: the passes' selectors are work nobody reads.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map(
      (v) =>
        `- [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join('\n    ')}`,
    )
    .join('\n');
  expect.soft(serious, `${screen}: serious or critical axe violations\n${report}`).toEqual([]);
}
