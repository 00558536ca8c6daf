import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../../../apps/api/src/app.ts';
import { loadConfig } from '../../../apps/api/src/config.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/support/chromium.ts';
import { prepareWebSnapshot } from '../../../e2e/support/build.ts';
import { FIRST_LOAD_PAGES, firstLoadScripts } from '../../../e2e/support/first-load.ts';
import type { Measurement, ResultRow } from '../harness.ts';

/**
 * What the public downloads first: the JavaScript (gzip sizes of the built files) a fresh browser loads to show
 * the public home and the sign-in page, and how fast they render on a throttled phone. Lighthouse is not
 * available offline here, so the phone figures are measured in Debian's Chromium with Lighthouse's mobile
 * settings (applied throttling: 562.5 ms RTT, 1.47 Mbps down, 4× CPU slowdown, 412×823 screen) and scored with
 * Lighthouse's published curves for FCP, LCP, TBT and CLS (Speed Index is not measured; the remaining weights are
 * scaled to 100). It is an estimate in Lighthouse's terms, not a Lighthouse run.
 */
// The budgets are the browser test's too (e2e/first-paint.test.ts fails when a page goes over).
const PAGES = FIRST_LOAD_PAGES;

/** Lighthouse 10+ mobile scoring: p10 and median of each metric, and its weight. */
const CURVES = {
  fcp: { p10: 1800, median: 3000, weight: 10 },
  lcp: { p10: 2500, median: 4000, weight: 25 },
  tbt: { p10: 200, median: 600, weight: 30 },
  cls: { p10: 0.1, median: 0.25, weight: 25 },
} as const;

/** Complementary error function (Abramowitz–Stegun 7.1.26; |error| < 1.5e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const r = poly * Math.exp(-z * z);
  return x >= 0 ? r : 2 - r;
}

/** Lighthouse's log-normal score of one metric value (1 = best). */
export function logNormalScore({ p10, median }: { p10: number; median: number }, value: number): number {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const standardized = (Math.log(value / median) * INVERSE_ERFC_ONE_FIFTH) / -Math.log(p10 / median);
  return Math.min(1, Math.max(0, erfc(standardized) / 2));
}

interface Vitals {
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export function estimatedScore(v: Vitals): number {
  let sum = 0;
  let weights = 0;
  for (const key of Object.keys(CURVES) as (keyof Vitals)[]) {
    sum += logNormalScore(CURVES[key], v[key]) * CURVES[key].weight;
    weights += CURVES[key].weight;
  }
  return Math.round((sum / weights) * 100);
}

/**
 * Collects paint, LCP, layout shifts and long tasks from the first moment of the page. Plain JavaScript run in
 * the page (this file is type-checked without the DOM library).
 */
const observeVitals = `
  const v = (window.__vitals = { fcp: 0, lcp: 0, cls: 0, longTasks: [] });
  const watch = (type, fn) => new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true });
  watch('paint', (e) => { if (e.name === 'first-contentful-paint') v.fcp = e.startTime; });
  watch('largest-contentful-paint', (e) => { v.lcp = e.startTime; });
  watch('layout-shift', (e) => { if (!e.hadRecentInput) v.cls += e.value; });
  watch('longtask', (e) => { v.longTasks.push([e.startTime, e.duration]); });
`;

interface RawVitals {
  fcp: number;
  lcp: number;
  cls: number;
  longTasks: [number, number][];
}

async function readVitals(page: Page): Promise<Vitals> {
  const raw = (await page.evaluate('window.__vitals')) as RawVitals;
  // Total blocking time: the part over 50 ms of each long task after the first contentful paint.
  const tbt = raw.longTasks.filter(([start]) => start >= raw.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  return { fcp: raw.fcp, lcp: raw.lcp || raw.fcp, tbt, cls: raw.cls };
}

export const firstLoad: Measurement = {
  name: 'first-load',
  description: 'gzipped JavaScript of the first load of /trang-chu and /dang-nhap, and throttled-phone vitals',
  async run(ctx) {
    if (!ctx.firstDatabase) return [];
    if (!existsSync(CHROMIUM_PATH)) {
      return [
        {
          measurement: 'first-load',
          database: '—',
          status: 'error',
          detail: { error: `no Chromium at ${CHROMIUM_PATH}` },
        },
      ];
    }
    ctx.log('  first-load: building the web app if needed');
    const webDist = await prepareWebSnapshot();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
    // A second app on the same database that serves the snapshot (the bench's app may run without a web build).
    const app = await buildApp({ config: loadConfig({}, { dataDir, webDist }), database: ctx.database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const rows: ResultRow[] = [];
    try {
      for (const { path: pagePath, maxKb } of PAGES) {
        const name = `first-load ${pagePath}`;
        // Size: a desktop visit without throttling, counting every script the page asks for until it is idle.
        const sizeContext = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'vi-VN' });
        const {
          scripts,
          gzipBytes: bytes,
          landed,
        } = await firstLoadScripts(await sizeContext.newPage(), base, pagePath, webDist);
        await sizeContext.close();
        if (landed !== pagePath) {
          rows.push({ measurement: name, database: '—', status: 'n/a', figure: `no page (→ ${landed})` });
          continue;
        }
        const kb = bytes / 1024;
        rows.push({
          measurement: name,
          database: '—',
          figure: `${kb.toFixed(1)} KB gzip JS, ${scripts.length} files`,
          goal: `≤ ${maxKb} KB`,
          status: kb <= maxKb ? 'pass' : 'FAIL',
          detail: { gzipBytes: bytes, scripts },
        });

        // Phone: Lighthouse's mobile settings, applied in the browser; median of three cold loads.
        const runs: Vitals[] = [];
        for (let i = 0; i < 3; i++) {
          const context = await browser.newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
            locale: 'vi-VN',
          });
          const page = await context.newPage();
          await page.addInitScript({ content: observeVitals });
          const cdp = await context.newCDPSession(page);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 562.5,
            downloadThroughput: (1474.5 * 1024) / 8,
            uploadThroughput: (675 * 1024) / 8,
          });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await page.goto(base + pagePath, { waitUntil: 'networkidle', timeout: 120_000 });
          // The network can be idle while a slowed CPU still compiles the scripts: wait for the first paint, then
          // give the largest paint time to settle.
          await page.waitForFunction(
            // A function, not a string: the portal's CSP forbids the eval a string predicate needs.
            () => ((globalThis as { __vitals?: { fcp: number } }).__vitals?.fcp ?? 0) > 0,
            null,
            { timeout: 120_000 },
          );
          await page.waitForTimeout(2000);
          runs.push(await readVitals(page));
          await context.close();
        }
        const median = (k: keyof Vitals) => runs.map((r) => r[k]).sort((a, b) => a - b)[1]!;
        const vitals: Vitals = { fcp: median('fcp'), lcp: median('lcp'), tbt: median('tbt'), cls: median('cls') };
        const score = estimatedScore(vitals);
        rows.push({
          measurement: `phone ${pagePath}`,
          database: '—',
          figure:
            `score≈${score} (est.) · FCP ${(vitals.fcp / 1000).toFixed(1)} s · LCP ${(vitals.lcp / 1000).toFixed(1)} s · ` +
            `TBT ${Math.round(vitals.tbt)} ms · CLS ${vitals.cls.toFixed(3)}`,
          status: '—',
          detail: {
            ...vitals,
            score,
            runs,
            note: 'Lighthouse-formula estimate without Speed Index; not a Lighthouse run',
          },
        });
      }
    } finally {
      await browser.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDist, { recursive: true, force: true });
    }
    return rows;
  },
};
