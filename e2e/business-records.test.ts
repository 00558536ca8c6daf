import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * The department's working lists of employers' records (outgoing documents, overtime notifications, violating
 * organisations) in the browser: totals, accent-free search kept in the address, the row's buttons, deletion
 * only after confirmation, and back from the trash bin. Demo data of the test portal (password Demo@2026).
 */
const ui = useBrowser();
const WAIT = { timeout: 10_000 };

describe("employers' records", () => {
  it('a department officer searches the lists, opens a document and deletes a violation after confirming', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'canbo.so', 'Demo@2026');

    // Outgoing documents: the demo letter is found without accents; the row's view button opens it.
    await page.goto(ui.url('/doanh-nghiep/van-ban-di/danh-sach'));
    await page.getByText(/Tổng số \d+ bản ghi/).waitFor(WAIT);
    await page.getByPlaceholder('Tìm theo số, trích yếu, doanh nghiệp').fill('don doc bao cao');
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]q=don/, WAIT);
    await page.getByText('Tổng số 1 bản ghi').waitFor(WAIT);
    await page.getByRole('button', { name: 'Xem' }).first().click();
    await page.getByRole('dialog').getByText('215/SNV-LĐ').first().waitFor(WAIT);
    await page.keyboard.press('Escape');

    // Overtime notifications: the list loads with its total; a search for nothing says so.
    await page.goto(ui.url('/doanh-nghiep/thong-bao-lam-them-gio/danh-sach'));
    await page.getByText(/Tổng số [1-9]\d* bản ghi/).waitFor(WAIT);
    await page.getByPlaceholder('Tìm theo doanh nghiệp, mã số thuế, công việc').fill('khong co doanh nghiep nay');
    await page.keyboard.press('Enter');
    await page.getByText('Chưa có thông báo làm thêm giờ').waitFor(WAIT);

    // Violating organisations: add one, find it, delete it — nothing goes before the confirmation.
    await page.goto(ui.url('/doanh-nghiep/to-chuc-vi-pham/danh-sach?size=10'));
    await page.getByText(/Tổng số \d+ bản ghi/).waitFor(WAIT);
    const name = `Hộ kinh doanh Đá Xây Dựng Thử ${Date.now()}`;
    await page.getByRole('button', { name: /Thêm/ }).click();
    const form = page.getByRole('dialog');
    await form.locator('#organizationName').fill(name);
    await form.locator('#violationContent').fill('Không trang bị phương tiện bảo vệ cá nhân cho người lao động');
    // A double click saves once (single-flight submit): the search below finds exactly one record.
    await form.getByRole('button', { name: 'Lưu' }).dblclick();
    await form.waitFor({ state: 'hidden', ...WAIT });

    const search = page.getByPlaceholder('Tìm theo tên tổ chức, mã số thuế, số quyết định');
    await search.fill(
      name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/Đ/g, 'D'),
    );
    await page.keyboard.press('Enter');
    await page.getByText('Tổng số 1 bản ghi').waitFor(WAIT);
    // The page size chosen in the address survives the search.
    expect(new URL(page.url()).searchParams.get('size')).toBe('10');

    const row = page.locator('tr.ant-table-row', { hasText: name });
    await row.getByRole('button', { name: 'Xóa' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: name });
    await confirm.waitFor(WAIT);
    await confirm.getByRole('button', { name: 'Hủy' }).click();
    await page.getByText('Tổng số 1 bản ghi').waitFor(WAIT);
    await row.getByRole('button', { name: 'Xóa' }).click();
    await page.getByRole('dialog').filter({ hasText: name }).getByRole('button', { name: 'Xóa' }).click();
    await page.getByText('Chưa có tổ chức vi phạm').waitFor(WAIT);

    // Not lost: the list opens the trash bin on its deleted records, and a restored one is back in the list.
    await page.getByRole('button', { name: 'Thùng rác' }).click();
    await page.waitForURL('**/thung-rac?area=ViolatingOrganization', WAIT);
    const trashed = page.getByRole('row').filter({ hasText: name });
    await trashed.waitFor(WAIT);
    await trashed.getByText('Tổ chức vi phạm').waitFor();
    await trashed.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Khôi phục' }).click();
    await trashed.waitFor({ state: 'detached', ...WAIT });
    await page.goto(ui.url('/doanh-nghiep/to-chuc-vi-pham/danh-sach'));
    await search.fill(name);
    await page.keyboard.press('Enter');
    await page.getByText('Tổng số 1 bản ghi').waitFor(WAIT);
  });
});
