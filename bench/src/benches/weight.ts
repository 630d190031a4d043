import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Bench } from '../lib/bench.js';
import { closure, pageChunk, readChunkGraph, weigh, type Weight } from '../lib/bundle.js';
import { BENCH_DIR } from '../lib/children.js';
import { runLighthouse, type LighthouseSummary } from '../lib/lighthouse.js';
import { printTable } from '../lib/report.js';
import { startServer } from '../lib/server.js';
import { pick } from '../lib/size.js';
import { toolVar } from '../../../scripts/lib/env.mjs';

const DIST = join(BENCH_DIR, '..', 'apps', 'console', 'dist');

/** Each route of docs/console.md and the lazy page chunks (apps/console/src/app/router.tsx) it loads. */
const ROUTES: Array<{ route: string; pages: string[] }> = [
  { route: '/login', pages: ['LoginPage'] },
  { route: '/sos', pages: ['MainLayout', 'DashboardPage'] },
  { route: '/users', pages: ['MainLayout', 'UsersPage'] },
  { route: '/user/:id', pages: ['MainLayout', 'UserFormPage'] },
  { route: '/sos/history', pages: ['MainLayout', 'HistoryPage'] },
  { route: '/settings', pages: ['MainLayout', 'SettingsPage'] },
];

/**
 * Gzipped JavaScript per route of the console build, and Lighthouse 12 on /login
 * (desktop and mobile) against the real server serving that build.
 */
const weight: Bench = {
  name: 'weight',
  summary: 'gzipped JS per console route; Lighthouse 12 on /login, desktop and mobile',
  async run(ctx) {
    if (!existsSync(join(DIST, 'index.html'))) {
      throw new Error(`${DIST}/index.html is missing: run npm run build`);
    }
    const graph = readChunkGraph(DIST);
    const notes: string[] = [];
    const perRoute: Array<{ route: string; chunks: string[]; missingPages: string[] } & Weight> =
      [];
    for (const { route, pages } of ROUTES) {
      const found = pages.map((p) => pageChunk(graph, p));
      const missingPages = pages.filter((_, i) => !found[i]);
      const chunks = closure(graph, [graph.entry, ...found.filter((f): f is string => Boolean(f))]);
      perRoute.push({ route, ...weigh(graph, chunks), chunks: [...chunks].sort(), missingPages });
      if (missingPages.length)
        notes.push(`${route}: no chunk named ${missingPages.join(', ')}-*.js (router changed?)`);
    }
    const entry = weigh(graph, closure(graph, [graph.entry]));
    printTable(
      "weight: JavaScript downloaded per route (entry + its static imports + the route's lazy chunks and theirs), KB",
      [
        {
          route: 'entry only',
          files: entry.files,
          'raw KB': entry.rawKB,
          'gzip KB': entry.gzipKB,
          'brotli KB': entry.brotliKB,
        },
        ...perRoute.map((r) => ({
          route: r.route,
          files: r.files,
          'raw KB': r.rawKB,
          'gzip KB': r.gzipKB,
          'brotli KB': r.brotliKB,
        })),
      ],
    );
    const biggest = graph.files
      .map((f) => ({ chunk: f, ...weigh(graph, [f]) }))
      .sort((a, b) => b.gzipKB - a.gzipKB)
      .slice(0, 6);
    printTable(
      'largest chunks',
      biggest.map((b) => ({ chunk: b.chunk, 'raw KB': b.rawKB, 'gzip KB': b.gzipKB })),
    );

    const lighthouse: LighthouseSummary[] = [];
    // About 15 s of CPU per run: tiny runs mobile (the targets' form factor) once; full size
    // desktop once and mobile 3 times (its score moves a few points between runs: the median
    // run is the figure). BENCH_LIGHTHOUSE=0 skips it.
    if (toolVar('BENCH_LIGHTHOUSE') !== '0') {
      const formFactors = pick(
        ctx.size,
        ['mobile'] as const,
        ['desktop', 'mobile', 'mobile', 'mobile'] as const,
      );
      const server = await startServer();
      try {
        for (const formFactor of formFactors) {
          lighthouse.push(await runLighthouse(`${server.url}/login`, formFactor));
        }
      } finally {
        await server.dispose();
      }
      printTable(
        'Lighthouse on /login',
        lighthouse.map((l) => ({
          'form factor': l.formFactor,
          performance: l.scores.performance,
          accessibility: l.scores.accessibility,
          'best practices': l.scores['best-practices'],
          seo: l.scores.seo,
          'FCP ms': l.metricsMs.FCP,
          'LCP ms': l.metricsMs.LCP,
          'TBT ms': l.metricsMs.TBT,
          'CLS ×1000': l.metricsMs.CLS_x1000,
          s: l.seconds,
        })),
      );
      for (const l of lighthouse) {
        for (const a of l.failedAudits)
          console.log(`  ${l.formFactor} ${a.category}: ${a.id} (${a.score}) ${a.title}`);
      }
    } else {
      notes.push('Lighthouse skipped (BENCH_LIGHTHOUSE=0)');
    }

    const login = perRoute[0]!;
    const mobiles = lighthouse
      .filter((l) => l.formFactor === 'mobile')
      .sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    const mobile = mobiles[Math.floor(mobiles.length / 2)];
    const ofRuns = mobiles.length > 1 ? `, the median of ${mobiles.length} runs` : '';
    const score = (id: string) => mobile?.scores[id] ?? null;
    return {
      results: { entry: graph.entry, css: graph.css, perRoute, biggestChunks: biggest, lighthouse },
      targets: [
        {
          what: '/login gzipped JS (KB)',
          target: '≤ 185',
          value: login.gzipKB,
          met: login.gzipKB <= 185,
        },
        {
          what: `mobile performance${ofRuns}`,
          target: '≥ 95',
          value: score('performance'),
          met: mobile ? score('performance')! >= 95 : null,
        },
        {
          what: `mobile accessibility${ofRuns && ' (that run)'}`,
          target: '100',
          value: score('accessibility'),
          met: mobile ? score('accessibility') === 100 : null,
        },
        {
          what: `mobile best practices${ofRuns && ' (that run)'}`,
          target: '100',
          value: score('best-practices'),
          met: mobile ? score('best-practices') === 100 : null,
        },
      ],
      notes: [
        ...notes,
        "KB = 1024 bytes; each file gzipped alone at level 9, as the build's compress step stores it",
      ],
    };
  },
};

export default weight;
