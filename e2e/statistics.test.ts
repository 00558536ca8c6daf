import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/clock-portal.ts';
import { signIn } from './support/session.ts';

/**
 * The statistics in the browser, as the "done when" tells it: the department's overview → a commune on the
 * map → the statistic filtered to that commune → a breakdown by sex and the records behind one bar → the workbook
 * read back with its methodology sheet. Then a commune officer and an employer see only their own figures, and the
 * public page shows the public set signed out.
 */
const ui = useBrowser();
const WAIT = { timeout: 20_000 };

const cellText = (ws: ExcelJS.Worksheet) =>
  ws.getSheetValues().flatMap((row) =>
    Array.isArray(row)
      ? [
          row
            .slice(1)
            .map((c) => String(c ?? ''))
            .join(' | '),
        ]
      : [],
  );

describe('statistics', () => {
  it('overview → a commune on the map → its statistic → the records behind a bar → the workbook', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'canbo.so', DEMO_PASSWORD);
    await page.goto(ui.url('/thong-ke-tong-quang'));
    await page.getByTestId('overview-figure-lao-dong-theo-don-vi-hanh-chinh').first().waitFor(WAIT);
    const map = page.getByTestId('overview-map');
    // The map is drawn once its boundaries are loaded (its hint shows with it).
    await page.getByText('Bấm vào một xã, phường trên bản đồ').waitFor(WAIT);
    await map.locator('canvas').first().waitFor(WAIT);
    await page.waitForTimeout(800); // the map's first animation
    // Click across the map until a commune answers (the sea and the margins around the province lead nowhere).
    const box = (await map.boundingBox())!;
    const target = (url: URL) => url.pathname === '/thong-ke/lao-dong-theo-don-vi-hanh-chinh/danh-sach';
    search: for (const y of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8])
      for (const x of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
        await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
        const moved = await page
          .waitForURL(target, { timeout: 600 })
          .then(() => true)
          .catch(() => false);
        if (moved) break search;
      }
    const address = new URL(page.url());
    expect(address.pathname).toBe('/thong-ke/lao-dong-theo-don-vi-hanh-chinh/danh-sach');
    const ward = address.searchParams.get('ward');
    expect(ward).toMatch(/^(\d{4}:)?\d{5}$/);

    // The statistic filtered to that commune: its total is the commune's, as the API counts it.
    await page.getByTestId('statistic-total').waitFor(WAIT);

    // Workers of the commune by sex: a bar (its table row) filters to women; the records behind it open.
    await page.goto(ui.url(`/thong-ke/co-cau-tuoi-gioi-tinh/danh-sach?by=sex&ward=${encodeURIComponent(ward!)}`));
    await page.getByTestId('statistic-total').waitFor(WAIT);
    const women = page.getByRole('button', { name: 'Nữ', exact: true }).first();
    await women.waitFor(WAIT);
    await women.click();
    await page.waitForURL((url) => url.searchParams.get('filter') === 'sex:female', WAIT);
    const records = page.getByTestId('statistic-records');
    await records.waitFor(WAIT);
    await expect.poll(() => records.getAttribute('href'), WAIT).toMatch(/^\/nguoi-lao-dong\/.*[?&]sex=female/);
    await records.click();
    await page.waitForURL((url) => url.pathname.startsWith('/nguoi-lao-dong/'), WAIT);
    await page.locator('.ant-table-row').first().waitFor(WAIT);

    // The workbook of the commune's unemployment figures: the figures and the methodology sheet.
    await page.goto(ui.url(`/thong-ke/that-nghiep/danh-sach?by=month&ward=${encodeURIComponent(ward!)}`));
    await page.getByTestId('statistic-export').waitFor(WAIT);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statistic-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^Thất nghiệp \d{4}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Số liệu', 'Phương pháp']);
    expect(cellText(book.worksheets[0]!)[0]).toBe('Thất nghiệp');
    const method = cellText(book.worksheets[1]!).join('\n');
    expect(method).toMatch(/Nguồn số liệu \| Hồ sơ người lao động thất nghiệp/);
    expect(method).toMatch(/Số liệu tính đến \| \d{2}\/\d{2}\/\d{4}/);
    expect(method).toMatch(/Bộ lọc \| Xã, phường|Bộ lọc \| .+: /);
  });

  it('a commune officer and an employer see their own figures only; the public page shows the public set', async () => {
    const totalAs = async (userName: string, route: string) => {
      const context = await ui.browser.newContext(defaultContextOptions);
      try {
        const page = await context.newPage();
        await signIn(page, ui.baseUrl, userName, DEMO_PASSWORD);
        await page.goto(ui.url(route));
        const total = page.getByTestId('statistic-total');
        await total.waitFor(WAIT);
        return Number(((await total.textContent()) ?? '').replace(/\D/g, ''));
      } finally {
        await context.close();
      }
    };
    const byWard = '/thong-ke/lao-dong-theo-don-vi-hanh-chinh/danh-sach';
    const province = await totalAs('canbo.so', byWard);
    const commune = await totalAs('canbo.xuanhuong', byWard);
    expect(commune).toBeGreaterThan(0);
    expect(commune).toBeLessThan(province);
    const employer = await totalAs('dn.caudatxanh', '/thong-ke/co-cau-tuoi-gioi-tinh/danh-sach');
    expect(employer).toBeGreaterThan(0);
    expect(employer).toBeLessThan(province);

    const { page } = ui;
    await page.goto(ui.url('/thong-ke-cong-khai'));
    await page.getByTestId('public-statistic').waitFor(WAIT);
    await page.getByTestId('public-open-data-csv').waitFor(WAIT);
  });
});
