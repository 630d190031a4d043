import { relative } from 'node:path';
import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';
import type { Reporter, TestCase } from 'vitest/node';
import { toolVar } from './scripts/lib/env.mjs';

/**
 * The workspace packages' "@sos/source" export (tsconfig.base.json's customConditions):
 * tests import their TypeScript sources, as tsc and tsx do, never a stale or missing dist.
 */
export const SOURCE_CONDITION = '@sos/source';

/** Vitest's own defaults (Vite's, less 'module' on the server side) after ours. */
export const sourceResolve = {
  resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
  ssr: {
    resolve: {
      conditions: [SOURCE_CONDITION, ...defaultServerConditions.filter((c) => c !== 'module')],
    },
  },
} satisfies UserConfig;

/**
 * Under CI a failed test runs once more, as Playwright's do (e2e/playwright.config.ts): one
 * slow moment of a shared 2-core machine must not throw a whole run away. A test that passed
 * only on its retry is still named, at the end of its suite and by .ci/run's summary, so a
 * flake is seen and mended, never hidden; one that fails twice fails the run.
 */
class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky) {
      const file = relative(process.cwd(), testCase.module.moduleId);
      this.flaky.push(`${file} > ${testCase.fullName} (passed on retry ${diagnostic.retryCount})`);
      // How the first attempt failed (Vitest keeps a retried test's errors): without it a flake
      // is only a name, and its cause is gone with the run.
      const first = testCase.result().errors?.[0]?.message;
      if (first) this.flaky.push(`  first failure: ${first.replace(/\s+/g, ' ').slice(0, 400)}`);
    }
  }

  onTestRunEnd() {
    for (const line of this.flaky) console.log(`flaky: ${line}`);
  }
}

/** The test options every suite takes: retries and the flaky list under CI only. */
export const ciTest = (): { retry?: number; reporters?: Array<string | Reporter> } =>
  toolVar('CI') ? { retry: 1, reporters: ['default', new FlakyReporter()] } : {};
