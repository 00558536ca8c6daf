import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * A tree area in the browser (the department's organisation structure of the demo province): an accent-free
 * search opens the match under its ancestors, a child is added from the side panel, deleted to the trash bin and
 * restored from there.
 */
const ui = useBrowser();
const TREE = '/nguoi-dung/co-cau-to-chuc/danh-sach';

describe('catalogue tree and trash bin', () => {
  it('searches the tree, adds a child, deletes it to the trash bin and restores it', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    await signIn(ui.page, ui.baseUrl);
    await page.goto(ui.url(TREE));
    await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Cơ cấu tổ chức');
    const tree = page.locator('.ant-tree');
    await tree.getByText('SNV - Sở Nội vụ tỉnh Lâm Đồng').waitFor();

    // Accent-free search: the match comes with its ancestors, opened.
    await page.getByPlaceholder('Tìm trong cây (không cần dấu)').fill('phong tu van');
    await page.getByPlaceholder('Tìm trong cây (không cần dấu)').press('Enter');
    await tree.getByText('SNV-TTDVVL-TV - Phòng Tư vấn - Giới thiệu việc làm').waitFor();
    await tree.getByText('SNV-TTDVVL - Trung tâm Dịch vụ việc làm').waitFor();

    // Add a child under the service centre from the side panel.
    await tree.getByText('SNV-TTDVVL - Trung tâm Dịch vụ việc làm').click();
    await page.getByRole('button', { name: 'Thêm mục con' }).click();
    await page.locator('#code').fill(`SNV-TTDVVL-${tag}`);
    await page.locator('#name').fill(`Tổ Thông tin thị trường lao động ${tag}`);
    await page.getByRole('button', { name: 'Lưu' }).click();
    const child = tree.getByText(`SNV-TTDVVL-${tag} - Tổ Thông tin thị trường lao động ${tag}`);
    await child.waitFor();

    // A duplicate code is refused beside the field, in Vietnamese.
    await page.getByRole('button', { name: 'Thêm mục con' }).click();
    await page.locator('#code').fill(`SNV-TTDVVL-${tag}`);
    await page.locator('#name').fill('Trùng mã');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText(`Mã "SNV-TTDVVL-${tag}" đã tồn tại`).waitFor();
    await page.getByRole('button', { name: 'Hủy' }).click();

    // Delete it: it goes to the trash bin.
    await child.click();
    await page.getByRole('button', { name: /Xóa$/ }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Xóa' }).click();
    await child.waitFor({ state: 'detached' });

    await page.goto(ui.url('/thung-rac'));
    await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Thùng rác');
    await page
      .getByPlaceholder('Nhập từ khóa (không cần dấu)')
      .fill(`to thong tin thi truong lao dong ${tag.toLowerCase()}`);
    await page.getByPlaceholder('Nhập từ khóa (không cần dấu)').press('Enter');
    const row = page.locator('tr', { hasText: `Tổ Thông tin thị trường lao động ${tag}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Cơ cấu tổ chức');
    await row.locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: 'Khôi phục' }).click();
    await page.getByText('Đã khôi phục 1 bản ghi').first().waitFor();
    await row.waitFor({ state: 'detached' });

    // Back in the tree, under its parent.
    await page.goto(ui.url(TREE));
    await page.getByPlaceholder('Tìm trong cây (không cần dấu)').fill(tag.toLowerCase());
    await page.getByPlaceholder('Tìm trong cây (không cần dấu)').press('Enter');
    await page.locator('.ant-tree').getByText(`SNV-TTDVVL-${tag} - Tổ Thông tin thị trường lao động ${tag}`).waitFor();
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
