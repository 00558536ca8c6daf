import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';
import { E2E_ADMIN_PASSWORD } from './support/portal.ts';

/**
 * A catalogue area's spreadsheet life in the browser, as the department's administrator: the real template is
 * downloaded and filled in with good and bad rows (with exceljs), the file is read in the browser, the valid and
 * invalid rows appear in their tabs with each error, the valid ones are stored, found in the list and exported.
 */
const ui = useBrowser();

const LIST = '/thiet-bi-kiem-dinh/danh-sach';
const IMPORT = '/thiet-bi-kiem-dinh/them-tu-tep';
async function adminToken(): Promise<string> {
  const res = await fetch(ui.url('/api/Account/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The portal's own template, filled in: three good devices and two bad ones. */
async function filledTemplate(tag: string): Promise<Buffer> {
  const res = await fetch(ui.url('/api/IndexEquipment/generateTemplate'), {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const sheet = wb.worksheets[0]!;
  expect(sheet.name).toBe('Dữ liệu');
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers).toEqual([
    'Mã *',
    'Tên máy, thiết bị *',
    'Nhóm thiết bị *',
    'Có yêu cầu nghiêm ngặt về ATLĐ',
    'Chu kỳ kiểm định thông thường (tháng)',
    'Căn cứ pháp lý',
    'Hiệu lực từ ngày',
    'Hiệu lực đến ngày',
    'Mô tả',
  ]);
  const rows: Array<Array<string | number | null>> = [
    [
      `${tag}-1`,
      `Cần trục bánh xích ${tag}`,
      'Thiết bị nâng',
      'Có',
      24,
      'Thông tư 36/2019/TT-BLĐTBXH',
      null,
      null,
      'Nhập từ tệp thử nghiệm',
    ],
    [`${tag}-2`, `Nồi hơi đốt than ${tag}`, 'Thiết bị áp lực', 'Có', 12, null, null, null, null],
    [`${tag}-3`, `Máy biến áp khô ${tag}`, 'Thiết bị điện', 'Không', null, null, null, null, null],
    // No name; a group that does not exist.
    [`${tag}-4`, null, 'Thiết bị bay', 'Có', 6, null, null, null, null],
    // A code with spaces; a cycle of 500 months.
    [`${tag} 5`, `Bình khí nén ${tag}`, 'Thiết bị áp lực', 'Có', 500, null, null, null, null],
  ];
  rows.forEach((values, i) => {
    sheet.getRow(i + 2).values = values;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('catalogue import from a spreadsheet', () => {
  it('shows valid and invalid rows in two tabs, stores the valid ones, finds and exports them', async () => {
    const { page } = ui;
    const tag = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
    const file = await filledTemplate(tag);

    await signIn(ui.page, ui.baseUrl);
    await page.goto(ui.url(IMPORT));
    await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Nhập loại máy, thiết bị từ tệp Excel');
    await page.locator('input[type=file]').setInputFiles({
      name: 'Danh mục thiết bị.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });

    // Read in the browser, checked by the server: two tabs.
    const validTab = page.getByRole('tab', { name: 'Hợp lệ (3)' });
    const invalidTab = page.getByRole('tab', { name: 'Không hợp lệ (2)' });
    await validTab.waitFor();
    await invalidTab.waitFor();
    const validPanel = page.getByRole('tabpanel');
    await expect.poll(() => validPanel.getByText(`Cần trục bánh xích ${tag}`).count(), { timeout: 15_000 }).toBe(1);
    expect(await validPanel.getByText('Thêm mới').count()).toBe(3);

    await invalidTab.click();
    const invalidPanel = page.getByRole('tabpanel', { name: 'Không hợp lệ (2)' });
    const rowFour = invalidPanel.locator('tr', { hasText: `${tag}-4` });
    const rowFive = invalidPanel.locator('tr', { hasText: `Bình khí nén ${tag}` });
    await rowFour.waitFor();
    // Each invalid row carries its errors (the tooltip's text is also the icon's label).
    const errorsOf = (row: typeof rowFour) => row.locator('[aria-label]').first().getAttribute('aria-label');
    await expect.poll(() => errorsOf(rowFour), { timeout: 15_000 }).toContain('Vui lòng nhập thông tin này');
    expect(await errorsOf(rowFour)).toContain('Chỉ nhận một trong các giá trị');
    expect(await errorsOf(rowFive)).toContain('không có khoảng trắng');
    expect(await errorsOf(rowFive)).toContain('Giá trị tối đa là 120');
    await rowFour.locator('[aria-label]').first().hover();
    await page.locator('.ant-tooltip').getByText('Tên máy, thiết bị: Vui lòng nhập thông tin này').waitFor();

    // Store the valid rows.
    await page.getByRole('button', { name: 'Lưu 3 dòng hợp lệ' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Đã lưu 3 bản ghi mới, cập nhật 0 bản ghi').first().waitFor();

    // Found in the list with an accent-free keyword.
    await page.goto(ui.url(`${LIST}?q=${encodeURIComponent(tag.toLowerCase())}`));
    await expect.poll(() => page.title(), { timeout: 15_000 }).toContain('Danh mục máy, thiết bị');
    await page.getByText('Tổng số 3 bản ghi').waitFor();
    await page.getByRole('link', { name: `Cần trục bánh xích ${tag}` }).waitFor();
    // Sorted by the server from a column header, kept in the address: codes descending, then ascending.
    // The code column found by its header (the list may show more columns than the ones before it).
    const codesShown = async () => {
      const headers = await page.locator('thead tr').first().locator('th').allTextContents();
      const at = headers.findIndex((h) => h.trim() === 'Mã') + 1;
      return page.locator(`tbody tr.ant-table-row td:nth-child(${at})`).allTextContents();
    };
    // A click on the header while the table is loading lands on its mask: wait for each answer first.
    const settled = () => expect.poll(() => page.locator('.ant-table-wrapper .ant-spin-spinning').count()).toBe(0);
    await settled();
    await page.locator('th', { hasText: 'Mã' }).first().click();
    await page.waitForURL(/sort=code&order=asc/);
    // The order kept in the address is what the server sorts by: the other way round, opened from a link.
    await page.goto(ui.url(`${LIST}?q=${encodeURIComponent(tag.toLowerCase())}&sort=code&order=desc`));
    // The opened page loads its list first: on a busy machine that takes more than the default few seconds.
    await expect.poll(codesShown, { timeout: 30_000 }).toEqual([`${tag}-3`, `${tag}-2`, `${tag}-1`]);
    const noAccents = `can truc banh xich ${tag.toLowerCase()}`;
    const search = page.getByPlaceholder('Nhập từ khóa (không cần dấu)');
    await search.fill(noAccents);
    await search.press('Enter');
    await page.getByText('Tổng số 1 bản ghi').waitFor();

    // Exported: the same devices come back in an xlsx named in Vietnamese.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Xuất Excel' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('Danh sách loại máy, thiết bị.xlsx');
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load(readFileSync((await saved.path())!) as unknown as ArrayBuffer);
    const codes = exported.worksheets[0]!.getColumn(1).values.slice(2).map(String);
    expect(codes).toEqual([`${tag}-1`]);
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
