import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { repoRoot } from './portal.ts';

/** Failure screenshots (gitignored: test-results/). */
export const screenshotDir = path.join(repoRoot, 'test-results/e2e');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** An ordinary office PC screen, in Vietnamese, in Vietnam's time zone. */
export const defaultContextOptions: BrowserContextOptions = {
  viewport: { width: 1366, height: 768 },
  locale: 'vi-VN',
  timezoneId: 'Asia/Ho_Chi_Minh',
};

export interface BrowserSession {
  readonly browser: Browser;
  /** A fresh context (empty storage) per test. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** The portal under test. */
  readonly baseUrl: string;
  url(pathname: string): string;
  /** Uncaught page errors and console errors of the current test. */
  readonly errors: string[];
  /** The same, without the console's note of each 4xx answer (tests provoke refusals on purpose). */
  unexpectedErrors(): string[];
}

/**
 * Registers the browser for a test file: one Chromium per file, a fresh context and page per test, and a
 * full-page screenshot in test-results/e2e when a test fails.
 *
 *   const ui = useBrowser();
 *   it('…', async () => { await ui.page.goto(ui.url('/trang-chu')); … });
 */
export function useBrowser(options: { baseUrl?: () => string; context?: BrowserContextOptions } = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  const baseUrl = () => (options.baseUrl ? options.baseUrl() : inject('baseUrl'));

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async ({ task, onTestFailed }) => {
    context = await browser!.newContext({ ...defaultContextOptions, ...options.context });
    page = await context.newPage();
    errors = [];
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    const current = page;
    onTestFailed(async () => {
      mkdirSync(screenshotDir, { recursive: true });
      const name = `${task.file?.name ?? 'e2e'}-${task.name}`.replace(/[^\w.-]+/g, '_').slice(0, 150);
      await current.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true }).catch(() => {});
    });
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
  });

  return {
    get browser() {
      return browser!;
    },
    get context() {
      return context!;
    },
    get page() {
      return page!;
    },
    get baseUrl() {
      return baseUrl();
    },
    url: (pathname: string) => new URL(pathname, baseUrl()).toString(),
    get errors() {
      return errors;
    },
    unexpectedErrors: () =>
      errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e)),
  };
}
