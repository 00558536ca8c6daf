import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * The role-by-role walkthrough at a laptop's 1366×768: Vietnamese pages say everything in Vietnamese (no raw
 * text key, no English label of the components, no browser-native file field), and the tight spots stay on one
 * line.
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';
const WAIT = { timeout: 20_000 };

const RAW_KEY = /^[a-z]+(\.[a-zA-Z0-9_]+)+$/;
// A dotted word is a raw key when it starts as the locale files' keys do ('actions.save'), not a user name.
const LOCALES = fileURLToPath(new URL('../packages/domain/src/locales/vi/', import.meta.url));
const KEY_GROUPS = new Set(
  readdirSync(LOCALES).flatMap((file) => Object.keys(JSON.parse(readFileSync(LOCALES + file, 'utf8')) as object)),
);
const rawKey = (text: string) => RAW_KEY.test(text) && KEY_GROUPS.has(text.split('.')[0]!);
const ENGLISH = [/^Clear$/, /^Select row\b/, /^Select all$/, /^Row \d+ selected$/, /Choose File/, /No file chosen/];

/** What a page shows or says to a screen reader that is a raw key or an English component label. */
async function untranslated(page: Page): Promise<string[]> {
  const { lines, labels } = await page.evaluate(() => ({
    lines: document.body.innerText.split('\n').map((l) => l.trim()),
    labels: [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')!.trim()),
  }));
  return [...lines, ...labels].filter((text) => rawKey(text) || ENGLISH.some((re) => re.test(text)));
}

/** How many lines a header cell's text takes. */
const linesOf = (page: Page, header: string) =>
  page.evaluate((text) => {
    const th = [...document.querySelectorAll('th')].find((cell) => cell.textContent?.trim() === text);
    if (!th) return -1;
    const range = document.createRange();
    range.selectNodeContents(th);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  }, header);

describe('walkthrough', () => {
  it('Vietnamese pages show no raw key and no English label', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'quantri', DEMO_PASSWORD);
    const found: string[] = [];
    const visit = async (path: string, ready: string) => {
      await page.goto(ui.url(path));
      await page.locator(ready).first().waitFor(WAIT);
      found.push(...(await untranslated(page)).map((text) => `${path}: ${text}`));
    };
    // The news editor (its buttons, its image upload), the access history with a chosen action (a clearable
    // select), a list with row selection.
    await visit('/tin-tuc/quan-li-tin-tuc/tao-moi', '.news-editor-content');
    await visit('/nguoi-dung/lich-su-truy-cap/danh-sach?action=login', '[data-testid="history-table"] tbody tr');
    await page
      .locator('.ant-select-clear')
      .first()
      .waitFor({ state: 'attached', ...WAIT });
    found.push(...(await untranslated(page)));
    await visit('/nguoi-dung/danh-sach', '.ant-table-selection-column input');
    expect(found).toEqual([]);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('at 1366 px: one-line public header and actions header; the summary shows its period', async () => {
    const { page } = ui;
    await page.goto(ui.url('/trang-chu'));
    const nav = page.locator('.public-nav');
    await nav.waitFor(WAIT);
    const row = (await page.locator('.public-header-row').boundingBox())!;
    const entry = (await nav.locator('a').first().boundingBox())!;
    // Brand, entries and actions side by side: the row is no taller than one entry and its margins.
    expect(row.height).toBeLessThan(entry.height * 2.2);
    expect(await nav.evaluate((n) => n.scrollWidth <= n.clientWidth + 1)).toBe(true);

    await signIn(page, ui.baseUrl, 'canbo.so', DEMO_PASSWORD);
    await page.goto(ui.url('/an-toan-ve-sinh-lao-dong/quan-li-khai-bao-thiet-bi/danh-sach'));
    await page.locator('th', { hasText: 'Thao tác' }).first().waitFor(WAIT);
    expect(await linesOf(page, 'Thao tác')).toBe(1);

    // Empty dates count the server's default period: the fields say which.
    await page.goto(ui.url('/bang-tong-hop-huan-luyen-ATVSLĐ'));
    const from = page.locator('.ant-picker-range input').first();
    await from.waitFor(WAIT);
    await expect.poll(() => from.inputValue(), WAIT).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    // Legal deadlines read by what they are about, not by their internal codes.
    await page.goto(ui.url('/danh-muc/thoi-han-theo-quy-dinh/danh-sach'));
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor(WAIT);
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).not.toContain('Quy định áp dụng (mã)');
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
