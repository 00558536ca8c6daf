import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

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

describe('public home', () => {
  it('the root path opens the home page in Vietnamese with the configured province', async () => {
    const config = await publicConfig();
    const { page } = ui;
    await page.goto(ui.url('/'));
    await page.waitForURL('**/trang-chu');
    await expect.poll(() => page.title()).toContain('Trang chủ');
    expect(await page.getAttribute('html', 'lang')).toBe('vi');
    expect(await page.textContent('h1')).toBe(config.portalName);
    if (config.provinceName) {
      expect(await page.textContent('[data-testid="home-province"]')).toBe(config.provinceName);
    }
    await expect.poll(() => page.locator('footer').textContent()).toContain('Giữ toàn quyền');
    expect(ui.errors).toEqual([]);
  });
});

describe('not found', () => {
  it('an unknown path shows the 404 page in Vietnamese with a link home', async () => {
    const { page } = ui;
    await page.goto(ui.url('/khong-co-trang-nay'));
    await page.waitForURL('**/error-404');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    await expect.poll(() => page.title()).toContain('Không tìm thấy trang');
    await page.getByRole('link', { name: 'Về trang chủ' }).click();
    await page.waitForURL('**/trang-chu');
    expect(ui.errors).toEqual([]);
  });

  it('/message/label/unknown shows the 404 page', async () => {
    const { page } = ui;
    await page.goto(ui.url('/message/label/unknown'));
    await page.waitForURL('**/error-404');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
  });
});

describe('language and skin', () => {
  it('switching to English and the dark skin persists across a reload, with no flash of the light skin', async () => {
    const { page } = ui;
    await page.goto(ui.url('/trang-chu'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    // The home is painted from the server's HTML before its scripts start: its switches work once it has started.
    await page.locator('html[data-started]').waitFor({ state: 'attached' });

    await page.getByTestId('language-en').click();
    await page.getByRole('link', { name: 'Home', exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByTestId('skin-toggle').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');

    // Hold the app's JavaScript back on reload: what paints before React must already be dark and English.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue().catch(() => {}); // the page may already be gone when the test ends
    });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.body !== null);
    const beforeApp = await page.evaluate(() => ({
      theme: document.documentElement.getAttribute('data-theme'),
      lang: document.documentElement.getAttribute('lang'),
      background: getComputedStyle(document.documentElement).backgroundColor,
    }));
    expect(beforeApp).toEqual({ theme: 'dark', lang: 'en', background: 'rgb(16, 18, 20)' });
    release();

    await page.getByRole('link', { name: 'Home', exact: true }).waitFor();
    await expect.poll(() => page.title()).toContain('Home');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.getByTestId('language-en').getAttribute('aria-pressed')).toBe('true');

    // And back to Vietnamese.
    await page.getByTestId('language-vi').click();
    await page.getByRole('link', { name: 'Trang chủ', exact: true }).waitFor();
    expect(ui.errors).toEqual([]);
  });
});

describe('scrolling', () => {
  it('shows the scroll-to-top button after 250 px, goes back smoothly, and opens anchors in view', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 1366, height: 420 });
    await page.goto(ui.url('/trang-chu'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The scroll listener comes with the app, which starts after the server-rendered page has painted.
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
    const button = page.getByRole('button', { name: 'Lên đầu trang' });
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(150);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 320));
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await button.waitFor({ state: 'detached' });

    await page.goto(ui.url('/trang-chu#home-audiences'));
    await page.getByRole('heading', { name: 'Cổng phục vụ ai' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });
});

const TITLE_WAIT = { timeout: 15_000 };

describe('texts by page and language', () => {
  it('the sign-in page and a catalogue page in English, then in Vietnamese', async () => {
    const { page } = ui;
    await page.goto(ui.url('/trang-chu'));
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
    await page.getByTestId('language-en').click();
    await page.getByRole('link', { name: 'Home', exact: true }).waitFor();
    // The home loaded the shell's texts only; the sign-in page brings its own, in the language shown.
    await page.goto(ui.url('/dang-nhap'));
    await expect.poll(() => page.title(), TITLE_WAIT).toContain('Sign in');
    await signIn(page, ui.baseUrl);
    // A catalogue page's title is made from the area's noun, in the language shown.
    await page.goto(ui.url('/an-toan-ve-sinh-lao-dong/loai-chan-thuong/tao-moi'));
    // The page and its texts load on demand: on a busy machine that takes longer than the poll's default second.
    await expect.poll(() => page.title(), TITLE_WAIT).toContain('New injury types');
    await page.getByTestId('language-vi').click();
    await expect.poll(() => page.title(), TITLE_WAIT).toContain('Thêm mới loại chấn thương');
    expect(ui.errors).toEqual([]);
  });
});
