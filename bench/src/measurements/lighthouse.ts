import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../../../e2e/support/chromium.ts';
import { prepareWebSnapshot } from '../../../e2e/support/build.ts';
import { judge, type Goal, type Measurement, type ResultRow } from '../harness.ts';

/**
 * Lighthouse itself (the npm package, mobile profile: its default simulated slow 4G and 4× CPU slowdown) on the
 * pages a visit starts on (the home, sign-in, the news and an article), run in Debian's Chromium; the median of three cold runs per page by performance
 * score. `first-load` keeps the size of the JavaScript; this is what a phone user is shown.
 */
const PAGES = ['/trang-chu', '/dang-nhap', '/tin-tuc'] as const;

/** The public news list and one published article, when the portal has one (the public API names it). */
async function pagesOf(base: string): Promise<string[]> {
  const pages: string[] = [...PAGES];
  try {
    const res = await fetch(`${base}/api/News/public/get-paging?pageNumber=1&pageSize=1`);
    const first = ((await res.json()) as { pageLists?: { id: string }[] }).pageLists?.[0];
    if (first) pages.push(`/chi-tiet-tin-tuc/${first.id}`);
  } catch {
    // No news module answer: the article is not measured.
  }
  return pages;
}
const RUNS = 3;

/** As the issue asks: Debian's Chromium, headless, nothing in the background that could call home. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferredKb: number;
  scriptRequests: number;
  /** Accessibility audits that failed (id: title), empty at 100. */
  failedAudits: string[];
}

interface NetworkItem {
  resourceType?: string;
}

/** One cold Lighthouse run of one page in a fresh browser. */
export async function lighthouseOnce(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const accessibility = lhr.categories.accessibility;
    // Audits that weigh in the score (some are reported with weight 0, as advice).
    const failedAudits = (accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => `${a!.id}: ${a!.title}`);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((accessibility?.score ?? 0) * 100),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
      transferredKb: audit('total-byte-weight') / 1024,
      scriptRequests: requests.filter((r) => r.resourceType === 'Script').length,
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

/** The run with the median performance score of `runs` cold runs (Lighthouse's own advice for variance). */
export async function lighthouseMedian(
  url: string,
  runs = RUNS,
): Promise<{ median: LighthouseFigures; runs: LighthouseFigures[] }> {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    // A run that fails to record its trace (NO_NAVSTART and the like, on a busy machine) is run again, twice at most.
    for (let attempt = 1; ; attempt++) {
      try {
        all.push(await lighthouseOnce(url));
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  }
  const sorted = [...all].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return { median: sorted[Math.floor(sorted.length / 2)]!, runs: all };
}

export function describe(f: LighthouseFigures): string {
  return (
    `perf ${f.performance} · a11y ${f.accessibility} · FCP ${(f.fcpMs / 1000).toFixed(1)} s · ` +
    `LCP ${(f.lcpMs / 1000).toFixed(1)} s · TBT ${Math.round(f.tbtMs)} ms · CLS ${f.cls.toFixed(3)} · ` +
    `${f.transferredKb.toFixed(0)} KB · ${f.scriptRequests} scripts`
  );
}

const GOALS: Goal[] = [
  { label: 'perf ≥ 95, a11y 100', met: (row) => (row.detail as { goalMet?: boolean } | undefined)?.goalMet === true },
];

async function measure(base: string): Promise<ResultRow[]> {
  const rows: ResultRow[] = [];
  for (const page of await pagesOf(base)) {
    const { median, runs } = await lighthouseMedian(base + page);
    rows.push(
      judge(
        {
          measurement: `lighthouse ${page}`,
          database: '—',
          figure: describe(median),
          status: '—',
          detail: {
            ...median,
            goalMet: median.performance >= 95 && median.accessibility === 100,
            runs,
            loadAverage: os.loadavg(),
          },
        },
        GOALS,
      ),
    );
  }
  return rows;
}

export const lighthouseMobile: Measurement = {
  name: 'lighthouse',
  description:
    'Lighthouse mobile (median of three) on /trang-chu, /dang-nhap, /tin-tuc and an article: performance, accessibility, vitals',
  async run(ctx) {
    if (!ctx.firstDatabase) return [];
    if (!existsSync(CHROMIUM_PATH)) {
      return [{ measurement: 'lighthouse', database: '—', status: 'error', detail: { error: `no ${CHROMIUM_PATH}` } }];
    }
    ctx.log('  lighthouse: building the web app if needed');
    const webDist = await prepareWebSnapshot();
    // Imported here: the command-line use below measures a running portal and needs none of the API.
    const { buildApp } = await import('../../../apps/api/src/app.ts');
    const { loadConfig } = await import('../../../apps/api/src/config.ts');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
    // A second app on the same database that serves the snapshot (the bench's app may run without a web build).
    const app = await buildApp({ config: loadConfig({}, { dataDir, webDist }), database: ctx.database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      return await measure(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    }
  },
};

// `node bench/src/measurements/lighthouse.ts http://127.0.0.1:3000`: the same figures against a running portal.
if (import.meta.main) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const row of await measure(base.replace(/\/$/, ''))) {
    console.log(`${row.measurement}: ${row.figure}`);
    for (const failed of (row.detail as { failedAudits: string[] }).failedAudits) console.log(`  ${failed}`);
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}
