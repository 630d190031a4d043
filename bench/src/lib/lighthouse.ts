import * as chromeLauncher from 'chrome-launcher';
import { toolVar } from '../../../scripts/lib/env.mjs';
import { CHROMIUM as FULL_CHROMIUM, CHROMIUM_FLAGS } from '../../../scripts/lib/chromium.mjs';

/** chrome-launcher's own CHROME_PATH first, then the tools' choice (scripts/lib/chromium.mjs). */
export const CHROMIUM = toolVar('CHROME_PATH') ?? FULL_CHROMIUM;

export interface LighthouseSummary {
  formFactor: 'desktop' | 'mobile';
  scores: Record<string, number | null>;
  metricsMs: Record<string, number | null>;
  /** Audits that lost points in accessibility and best practices (what to fix). */
  failedAudits: Array<{ category: string; id: string; title: string; score: number | null }>;
  seconds: number;
  lighthouseVersion: string;
}

interface Lhr {
  lighthouseVersion: string;
  categories: Record<
    string,
    { score: number | null; auditRefs: Array<{ id: string; weight: number }> }
  >;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }
  >;
}

/** Lighthouse 12 on one URL with Debian's Chromium (nothing is downloaded). */
export async function runLighthouse(
  url: string,
  formFactor: 'desktop' | 'mobile',
): Promise<LighthouseSummary> {
  const started = performance.now();
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr as unknown as Lhr;
    const scores: Record<string, number | null> = {};
    for (const [id, category] of Object.entries(lhr.categories)) {
      scores[id] = category.score === null ? null : Math.round(category.score * 100);
    }
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      return value === undefined ? null : Math.round(value);
    };
    const failedAudits = ['accessibility', 'best-practices', 'performance'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
        .filter(
          ({ audit }) =>
            audit &&
            audit.scoreDisplayMode !== 'notApplicable' &&
            audit.score !== null &&
            audit.score < 1,
        )
        .map(({ ref, audit }) => ({
          category,
          id: ref.id,
          title: audit!.title,
          score: audit!.score,
        })),
    );
    return {
      formFactor,
      scores,
      metricsMs: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        SI: metric('speed-index'),
        CLS_x1000:
          lhr.audits['cumulative-layout-shift']?.numericValue === undefined
            ? null
            : Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000),
      },
      failedAudits,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    await chrome.kill();
  }
}
