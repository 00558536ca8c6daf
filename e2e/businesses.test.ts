import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exampleTaxCode } from '@portal/domain/businesses/tax-code';
import { useBrowser } from './support/browser.ts';
import { choose } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * Employers in the browser: a department officer registers an employer, finds it again with an accent-free
 * search and opens it; an employer user only ever sees its own employer; the public sees published violations.
 * Demo accounts of the test portal (password Demo@2026).
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';
const WAIT = { timeout: 10_000 };
/** Picks an option of an Ant Design select by its label (typing it first when the select searches). */
describe('employers', () => {
  it('a department officer registers an employer, finds it without accents and opens it', async () => {
    const { page } = ui;
    const n = randomInt(1000, 9999);
    const code = exampleTaxCode(`e2e-${n}-${Date.now()}`);
    const name = `Công ty TNHH Chè Cầu Đất Hưng Thịnh ${n}`;
    await signIn(page, ui.baseUrl, 'canbo.so', DEMO_PASSWORD);

    await page.goto(ui.url('/doanh-nghiep/danh-sach'));
    await expect.poll(() => page.title(), WAIT).toContain('Doanh nghiệp');
    await page.getByRole('button', { name: 'Thêm mới' }).click();
    await page.waitForURL('**/them-doanh-nghiep');
    await page.locator('#code').fill(code);
    await page.locator('#name').fill(name);
    await choose(page, 'businessTypeId', 'Công ty trách nhiệm hữu hạn một thành viên');
    await page.locator('#address').fill('Số 8 đường Hùng Vương');
    await choose(page, 'wardCode', 'Xuân Hương');
    await page.locator('#employeeCount').fill('64');
    await page.locator('#femaleCount').fill('30');
    await choose(page, 'status', 'Đang hoạt động');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL('**/doanh-nghiep/danh-sach', WAIT);

    // Found again by typing without diacritics, as people do on office PCs.
    await page.getByPlaceholder('Tìm theo mã số thuế, tên doanh nghiệp').fill(`che cau dat hung thinh ${n}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]q=/, WAIT);
    await expect.poll(() => page.getByTestId('employer-name').allTextContents(), WAIT).toEqual([name]);
    await page.getByTestId('employer-name').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText(code).waitFor(WAIT);
    await drawer.getByText('Phường Xuân Hương - Đà Lạt').first().waitFor();
    // The employer's sectors are managed from there.
    await drawer.getByRole('tab', { name: 'Ngành nghề kinh doanh' }).click();
    await drawer.getByText('Chưa khai báo ngành nghề').waitFor(WAIT);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('an employer user sees its own employer only, on its profile page', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'dn.caudatxanh', DEMO_PASSWORD);
    // The employers list leads an employer to its own profile.
    await page.goto(ui.url('/doanh-nghiep/danh-sach'));
    await page.waitForURL('**/thong-tin-doanh-nghiep', WAIT);
    await expect.poll(() => page.title(), WAIT).toContain('Thông tin doanh nghiệp');
    await page.getByText('Công ty TNHH Cà phê Cầu Đất Xanh').first().waitFor(WAIT);
    await page.getByText('5801234577').waitFor();
    expect(await page.getByText('Công ty Cổ phần Rau hoa Langbiang').count()).toBe(0);
    await page.getByRole('tab', { name: 'Ngành nghề kinh doanh' }).click();
    await page.getByText('Sản xuất, chế biến thực phẩm').waitFor(WAIT);

    // Its incoming documents are the department's letters to it.
    await page.goto(ui.url('/doanh-nghiep/van-ban-den/danh-sach'));
    await page.getByText('Đôn đốc báo cáo công tác an toàn, vệ sinh lao động', { exact: false }).first().waitFor(WAIT);
    expect(await page.getByText('Rau hoa Langbiang').count()).toBe(0);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('the public page lists the published violations', async () => {
    const { page } = ui;
    await page.goto(ui.url('/doanh-nghiep-vi-pham'));
    await expect.poll(() => page.title(), WAIT).toContain('Doanh nghiệp vi phạm');
    // The demo's published decision, among those other tests publish (an inspection's conclusion adds one).
    await page.getByTestId('public-violation').filter({ hasText: '18/QĐ-XPHC' }).first().waitFor(WAIT);
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
