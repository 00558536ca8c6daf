import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { settled } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * The archive in the browser: the department officer finds the demo's filed accident records, sees the (empty)
 * due-for-disposal list, chooses a record and exports it, follows the export to its end and downloads the ZIP.
 */
const ui = useBrowser();
const WAIT = { timeout: 15_000 };

describe('archive of closed records', () => {
  it('lists, searches, and exports the chosen records as a ZIP the officer downloads', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'canbo.so', 'Demo@2026');
    await page.goto(ui.url('/quan-ly-ho-so-luu-tru/danh-sach'));
    const table = page.getByTestId('archive-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor(WAIT);

    await page.getByTestId('archive-search').locator('input').fill('dieu tra tai nan');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'dieu tra tai nan', WAIT);
    await settled(page);
    const rows = table.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBeGreaterThanOrEqual(1);
    for (const title of await rows.locator('td').allTextContents())
      if (title.startsWith('Điều tra')) expect(title).toContain('Điều tra tai nạn lao động');

    // Nothing of the demo is due for disposal yet: the tab says so.
    await page.getByRole('tab', { name: 'Đến hạn tiêu hủy' }).click();
    await page.getByText('Không có hồ sơ nào đến hạn tiêu hủy.').waitFor(WAIT);
    await page.getByRole('tab', { name: 'Hồ sơ lưu trữ' }).click();
    await rows.first().waitFor(WAIT);

    // Choose the first record and export it.
    await rows.first().locator('input[type="checkbox"]').check();
    await page.getByTestId('archive-export').click();
    const dialog = page.locator('.ant-modal-wrap:visible').last();
    await dialog.getByText('Các hồ sơ đã chọn (1)').waitFor(WAIT);
    await page.getByTestId('archive-export-start').click();
    await dialog.getByText('Đã tạo xong 1 hồ sơ', { exact: false }).waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('archive-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const file = await download.path();
    expect(file).toBeTruthy();
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
