import { randomInt } from 'node:crypto';
import { makeCitizenId } from '@portal/domain/workers/citizen-id';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * Workers in the browser, as the demo coffee company's HR officer: the real import template filled in with five
 * workers (one with a wrong citizen ID), read in the browser, valid and invalid rows in their tabs, the valid ones
 * stored; the same file again only updates; the workers are found without accents; a worker's page records
 * earlier jobs and overtime. The department sees them in its own list. Demo accounts (password Demo@2026).
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';
const WAIT = { timeout: 15_000 };
async function token(userName: string): Promise<string> {
  const res = await fetch(ui.url('/api/Account/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The portal's own template, filled in as an employer does: labels, dates as dates, citizen IDs as text. */
async function filledTemplate(rows: Record<string, unknown>[]): Promise<Buffer> {
  const res = await fetch(ui.url('/api/Worker/generateTemplate'), {
    headers: { authorization: `Bearer ${await token('dn.caudatxanh')}` },
  });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const sheet = wb.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers.slice(0, 5)).toEqual(['Họ và tên *', 'Số CCCD', 'Số hộ chiếu', 'Ngày sinh *', 'Giới tính *']);
  rows.forEach((row, i) => {
    sheet.getRow(i + 2).values = headers.map((h) => (row[h.replace(' *', '')] ?? null) as ExcelJS.CellValue);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('workers', () => {
  it('an employer imports its workers from the template, again without duplicates, and keeps their records', async () => {
    const { page } = ui;
    const n = randomInt(100000, 999999);
    // Citizen IDs that agree with each person's birth date and sex, distinct per run.
    const cccd = (birthDate: string, sex: 'male' | 'female', i: number) =>
      makeCitizenId('068', birthDate, sex, n * 10 + i);
    const people = [
      {
        'Họ và tên': `Nguyễn Thị Hoài Thương ${n}`,
        'Số CCCD': cccd('1994-02-11', 'female', 1),
        'Ngày sinh': new Date('1994-02-11'),
        'Giới tính': 'Nữ',
        'Hình thức làm việc': 'Toàn thời gian',
      },
      {
        'Họ và tên': `Trần Văn Được ${n}`,
        'Số CCCD': cccd('1988-09-30', 'male', 2),
        'Ngày sinh': new Date('1988-09-30'),
        'Giới tính': 'Nam',
        'Ngày bắt đầu làm việc': new Date('2021-04-01'),
      },
      {
        'Họ và tên': `K'Brơi Ha Thuận ${n}`,
        'Số CCCD': cccd('1999-12-01', 'male', 3),
        'Ngày sinh': new Date('1999-12-01'),
        'Giới tính': 'Nam',
        'Hình thức làm việc': 'Thời vụ, theo công việc nhất định',
      },
      {
        'Họ và tên': `Lê Thị Ánh Tuyết ${n}`,
        'Số CCCD': cccd('1990-06-15', 'female', 4),
        'Ngày sinh': new Date('1990-06-15'),
        'Giới tính': 'Nữ',
      },
      // Eleven digits: refused, with the rule said on the cell.
      {
        'Họ và tên': `Phạm Văn Sai ${n}`,
        'Số CCCD': '06809012345',
        'Ngày sinh': new Date('1985-01-01'),
        'Giới tính': 'Nam',
      },
    ];
    const file = await filledTemplate(people);

    await signIn(page, ui.baseUrl, 'dn.caudatxanh', DEMO_PASSWORD);
    const upload = async () => {
      await page.goto(ui.url('/nguoi-lao-dong/them-tu-tep'));
      await expect.poll(() => page.title(), WAIT).toContain('Nhập người lao động từ tệp Excel');
      await page.locator('input[type=file]').setInputFiles({
        name: 'Danh sách người lao động.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: file,
      });
      await page.getByRole('tab', { name: 'Hợp lệ (4)' }).waitFor(WAIT);
      await page.getByRole('tab', { name: 'Không hợp lệ (1)' }).click();
      const wrong = page
        .getByRole('tabpanel', { name: 'Không hợp lệ (1)' })
        .locator('tr', { hasText: `Phạm Văn Sai ${n}` });
      await expect
        .poll(() => wrong.locator('[aria-label]').first().getAttribute('aria-label'), WAIT)
        .toContain('Phải gồm đúng 12 chữ số');
      await page.getByRole('button', { name: 'Lưu 4 dòng hợp lệ' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Lưu' }).click();
    };
    await upload();
    await page.getByText('Đã lưu 4 bản ghi mới, cập nhật 0 bản ghi').first().waitFor(WAIT);
    // The same file again: the same people, updated, not added twice.
    await upload();
    await page.getByText('Đã lưu 0 bản ghi mới, cập nhật 4 bản ghi').first().waitFor(WAIT);

    // Found without accents, four of them, never five.
    await page.goto(ui.url(`/nguoi-lao-dong/danh-sach?q=${n}`));
    await page.getByText('Tổng số 4 bản ghi').waitFor(WAIT);
    const search = page.getByPlaceholder('Nhập từ khóa (không cần dấu)');
    await search.fill(`tran van duoc ${n}`);
    await search.press('Enter');
    await page.getByText('Tổng số 1 bản ghi').waitFor(WAIT);

    // The worker's page: earlier jobs and overtime beside the record.
    await page.getByRole('link', { name: `Trần Văn Được ${n}` }).click();
    await page.waitForURL('**/nguoi-lao-dong/chinh-sua/**', WAIT);
    await page.getByRole('tab', { name: 'Quá trình công tác' }).click();
    const progress = page.getByRole('tabpanel', { name: 'Quá trình công tác' });
    await progress.locator('#fromDate').fill('01/03/2015');
    await progress.locator('#fromDate').press('Tab');
    await progress.locator('#toDate').fill('31/12/2020');
    await progress.locator('#toDate').press('Tab');
    await progress.locator('#workplace').fill('Hợp tác xã Chè Cầu Đất');
    await progress.getByRole('button', { name: 'Thêm' }).click();
    await progress.getByRole('cell', { name: 'Hợp tác xã Chè Cầu Đất' }).waitFor(WAIT);

    await page.getByRole('tab', { name: 'Làm thêm giờ' }).click();
    const overtime = page.getByRole('tabpanel', { name: 'Làm thêm giờ' });
    const day = `0${randomInt(1, 9)}/06/${new Date().getFullYear()}`;
    await overtime.locator('#workDate').fill(day);
    await overtime.locator('#workDate').press('Tab');
    await overtime.locator('#hours').fill('4');
    await overtime.locator('#reason').fill('Giao hàng mùa cao điểm');
    await overtime.getByRole('button', { name: 'Thêm' }).click();
    await overtime.getByRole('cell', { name: day }).waitFor(WAIT);
    // Another day of the same month: the month's total stays under the legal forty hours.
    await overtime.locator('#workDate').fill(day.replace(/^\d\d/, '15'));
    await overtime.locator('#workDate').press('Tab');
    await overtime.locator('#hours').fill('12');
    await overtime.getByRole('button', { name: 'Thêm' }).click();
    await overtime.getByRole('cell', { name: day.replace(/^\d\d/, '15') }).waitFor(WAIT);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('the department sees the employers’ workers in its own list; another employer does not', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'canbo.so', DEMO_PASSWORD);
    await page.goto(ui.url('/nguoi-lao-dong/danh-sach-so'));
    await expect.poll(() => page.title(), WAIT).toContain('Người lao động (quản lý của Sở)');
    await page.getByText(/Tổng số \d+ bản ghi/).waitFor(WAIT);
    const all = await page
      .getByText(/Tổng số \d+ bản ghi/)
      .first()
      .textContent();
    expect(Number(all!.replace(/\D/g, ''))).toBeGreaterThan(100);

    const other = await fetch(ui.url('/api/Worker/workers?pageSize=500'), {
      headers: { authorization: `Bearer ${await token('dn.rauhoa')}` },
    });
    const mine = await fetch(ui.url('/api/Worker/workers?pageSize=500'), {
      headers: { authorization: `Bearer ${await token('dn.caudatxanh')}` },
    });
    const ids = async (res: Response) =>
      new Set(((await res.json()) as { pageLists: { businessId: string }[] }).pageLists.map((w) => w.businessId));
    const [a, b] = [await ids(mine), await ids(other)];
    expect(a.size).toBe(1);
    expect(b.size).toBe(1);
    expect([...a][0]).not.toBe([...b][0]);
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
