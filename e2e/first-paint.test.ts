import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { FIRST_LOAD_PAGES, firstLoadScripts } from './support/first-load.ts';
import { signIn } from './support/session.ts';

/**
 * The public home and the sign-in page arrive rendered by the server (province settings, language, skin), paint
 * before any script runs, and are then hydrated: the same elements come alive, nothing is thrown away.
 */
const ui = useBrowser();

interface PublicConfig {
  provinceName: string;
  portalName: string;
}

async function publicConfig(): Promise<PublicConfig> {
  const res = await fetch(ui.url('/api/Home/configuration'));
  expect(res.status).toBe(200);
  return (await res.json()) as PublicConfig;
}

/**
 * Holds the app's scripts until `release()`: what the page shows meanwhile is its first paint. Navigations
 * wait for 'commit' only: the document's load events wait for its module scripts.
 */
async function holdScripts(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => {
    if (released) return route.continue();
    held.push(route);
    return undefined;
  });
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Stored choices, as a returning visitor has them (localStorage of the portal's origin). */
async function storeChoices(page: Page, choices: Record<string, string>): Promise<void> {
  await page.goto(ui.url('/robots.txt'));
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, choices);
}

const started = (page: Page) => page.waitForSelector('html[data-started]', { state: 'attached' });

/**
 * Releases the held scripts and waits for the app to start; true when the painted heading is the same element
 * afterwards (hydrated in place, not rendered afresh).
 */
async function hydratesInPlace(page: Page, scripts: { release(): Promise<void> }): Promise<boolean> {
  await page.evaluate(() => {
    (document.querySelector('h1') as HTMLElement & { mark?: boolean }).mark = true;
  });
  await scripts.release();
  await started(page);
  return page.evaluate(() => (document.querySelector('h1') as HTMLElement & { mark?: boolean }).mark === true);
}

describe('sign-in page', () => {
  it('paints before its scripts with the province name; what is typed and sent meanwhile signs in', async () => {
    const config = await publicConfig();
    const { page } = ui;
    const scripts = await holdScripts(page);
    await page.goto(ui.url('/dang-nhap?redirect=%2Fdoi-mat-khau'), { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Đăng nhập', level: 1 }).waitFor();
    expect(await page.locator('.acc-auth-brand strong').textContent()).toBe(config.portalName);
    expect(await page.locator('html[data-started]').count()).toBe(0);
    // Marks the elements, to tell hydration (kept) from a fresh render (replaced).
    await page.evaluate(() => {
      (document.querySelector('h1') as HTMLElement & { mark?: boolean }).mark = true;
    });

    await page.getByTestId('login-user').fill('canbo.so');
    await page.getByTestId('login-password').fill('Demo@2026');
    await page.getByTestId('login-submit').click();
    // Held until the app has started: not sent by the browser itself (the address keeps no password).
    expect(new URL(page.url()).search).toBe('?redirect=%2Fdoi-mat-khau');

    await scripts.release();
    await page.waitForURL((url) => url.pathname === '/doi-mat-khau', { timeout: 30_000 });
    expect(ui.errors).toEqual([]);
  });

  it('hydrates the page it painted: the same elements, then empty fields are marked', async () => {
    const { page } = ui;
    const scripts = await holdScripts(page);
    await page.goto(ui.url('/dang-nhap'), { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Đăng nhập', level: 1 }).waitFor();
    expect(await hydratesInPlace(page, scripts)).toBe(true);
    await page.getByTestId('login-submit').click();
    await page.getByText('Vui lòng nhập thông tin này').first().waitFor();
    expect(await page.getByTestId('login-user').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.title()).toContain('Đăng nhập');
    expect(ui.errors).toEqual([]);
  });

  it('English and the dark skin apply on the first paint, and stay once the app has started', async () => {
    const { page } = ui;
    await storeChoices(page, { language: 'en', skin: 'dark' });
    const scripts = await holdScripts(page);
    await page.goto(ui.url('/dang-nhap'), { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const cardBackground = () => page.locator('.acc-auth-card').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await cardBackground()).toBe('rgb(24, 27, 32)');
    expect(await page.getByTestId('language-en').getAttribute('aria-pressed')).toBe('true');
    expect(await hydratesInPlace(page, scripts)).toBe(true);
    expect(await page.textContent('h1')).toBe('Sign in');
    expect(await cardBackground()).toBe('rgb(24, 27, 32)');
    await expect.poll(() => page.title()).toContain('Sign in');
    // The app is live: the language switch works.
    await page.getByTestId('language-vi').click();
    await page.getByRole('heading', { name: 'Đăng nhập', level: 1 }).waitFor();
    expect(ui.errors).toEqual([]);
  });

  it('a signed-in user who opens it goes to their home, without the form flashing', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'canbo.so', 'Demo@2026');
    const home = new URL(page.url()).pathname;
    const scripts = await holdScripts(page);
    await page.goto(ui.url('/dang-nhap'), { waitUntil: 'commit' });
    // Once the markup is parsed (the page script runs inside it, before the first paint), with the app still held.
    await page.waitForFunction(() => document.readyState !== 'loading');
    expect(await page.getByTestId('login-user').count()).toBe(0);
    await scripts.release();
    await page.waitForURL((url) => url.pathname === home);
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});

describe('public home', () => {
  it('paints before its scripts in English and the dark skin with the province name, then hydrates', async () => {
    const config = await publicConfig();
    const { page } = ui;
    await storeChoices(page, { language: 'en', skin: 'dark' });
    const scripts = await holdScripts(page);
    await page.goto(ui.url('/trang-chu'), { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Home', exact: true }).waitFor();
    expect(await page.textContent('h1')).toBe(config.portalName);
    if (config.provinceName) {
      expect(await page.textContent('[data-testid="home-province"]')).toBe(config.provinceName);
    }
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await hydratesInPlace(page, scripts)).toBe(true);
    await expect.poll(() => page.title()).toContain('Home');
    // The app is live: the skin toggle works.
    await page.getByTestId('skin-toggle').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(ui.errors).toEqual([]);
  });
});

describe('first load', () => {
  // The bench's first-load row, as a test: a fresh visit's scripts (lazy chunks included) within the page's budget.
  const home = FIRST_LOAD_PAGES.find((p) => p.path === '/trang-chu')!;
  it(`the public home downloads at most ${home.maxKb} KB of gzipped JavaScript`, async () => {
    const load = await firstLoadScripts(ui.page, ui.baseUrl, home.path, inject('webDist'));
    expect(load.landed).toBe(home.path);
    expect(load.gzipBytes / 1024, load.scripts.join('\n')).toBeLessThanOrEqual(home.maxKb);
  });
});
