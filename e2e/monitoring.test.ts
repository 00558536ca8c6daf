import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { apiToken, signIn } from './support/session.ts';

/**
 * Working-environment monitoring in the browser: an employer fills in the portal's template of the monitoring
 * organisation's file (a report and its readings, one row each) and imports it; the report's page lists the
 * exceedance first with its limit and regulation and asks for measures; a reading is added from the keyboard with
 * its errors shown beside the fields; the department's overview counts the exceedance.
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';
const EMPLOYER = 'dn.caudatxanh';
const OFFICER = 'canbo.so';
const WAIT = { timeout: 15_000 };
const BASE = '/an-toan-ve-sinh-lao-dong/quang-trac-moi-truong';

const token = (userName: string) => apiToken(ui.baseUrl, userName, DEMO_PASSWORD);

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());

/** Exceeding noise readings the department's overview counts for this year. */
async function noiseExceedances(): Promise<number> {
  const res = await fetch(ui.url(`/api/ObservationMonitor/get-overview?year=${today().slice(0, 4)}`), {
    headers: { authorization: `Bearer ${await token(OFFICER)}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { byFactor: { factor: string; exceedances: number }[] };
  return body.byFactor.find((f) => f.factor === 'noise')?.exceedances ?? 0;
}

/** The portal's template of the organisation's file, filled in by header: a report, two noise readings, a bad row. */
async function filledTemplate(tag: string): Promise<Buffer> {
  const res = await fetch(ui.url('/api/ObservationMonitor/generate-template-observation-monitor'), {
    headers: { authorization: `Bearer ${await token(EMPLOYER)}` },
  });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const sheet = wb.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/ \*$/, ''));
  const column = (header: string) => {
    const at = headers.indexOf(header);
    expect(at, header).toBeGreaterThanOrEqual(0);
    return at + 1;
  };
  const monitoredOn = new Date(`${today()}T00:00:00Z`);
  monitoredOn.setUTCDate(monitoredOn.getUTCDate() - 10);
  const rows: Record<string, string | number | Date>[] = [
    {
      'Loại dòng (báo cáo hoặc yếu tố)': 'Báo cáo',
      'Số hiệu (số báo cáo hoặc số hiệu mẫu)': tag,
      'Tổ chức quan trắc': 'Trung tâm Kiểm soát bệnh tật tỉnh Lâm Đồng',
      'Ngày quan trắc': monitoredOn,
      'Số người tiếp xúc': 24,
    },
    {
      'Loại dòng (báo cáo hoặc yếu tố)': 'Tiếng ồn',
      'Số hiệu (số báo cáo hoặc số hiệu mẫu)': `${tag}-O-02`,
      'Số báo cáo (của số đo)': tag,
      'Vị trí đo': 'Khu đóng gói',
      'Mức âm tương đương LAeq (dBA)': 72,
      'Thời gian tiếp xúc (phút)': 480,
    },
    {
      'Loại dòng (báo cáo hoặc yếu tố)': 'Tiếng ồn',
      'Số hiệu (số báo cáo hoặc số hiệu mẫu)': `${tag}-O-01`,
      'Số báo cáo (của số đo)': tag,
      'Vị trí đo': 'Máy rang cà phê',
      'Mức âm tương đương LAeq (dBA)': 93.5,
      'Thời gian tiếp xúc (phút)': 480,
    },
    // A kind of row the file does not know.
    {
      'Loại dòng (báo cáo hoặc yếu tố)': 'Độ ẩm đất',
      'Số hiệu (số báo cáo hoặc số hiệu mẫu)': `${tag}-X-01`,
      'Số báo cáo (của số đo)': tag,
    },
  ];
  rows.forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    for (const [header, value] of Object.entries(values)) row.getCell(column(header)).value = value;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('working-environment monitoring', () => {
  it('an employer imports a report whose exceedance comes first with its regulation; the overview counts it', async () => {
    const { page } = ui;
    const tag = `QT-E2E-${randomBytes(3).toString('hex').toUpperCase()}`;
    const before = await noiseExceedances();
    const file = await filledTemplate(tag);

    // ── The employer imports the organisation's file through the catalogue's import page.
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url(`${BASE}/them-tu-tep`));
    await expect.poll(() => page.title(), WAIT).toContain('Nhập kết quả quan trắc từ tệp');
    await page.locator('input[type=file]').setInputFiles({
      name: 'Ket qua quan trac.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await page.getByRole('tab', { name: 'Hợp lệ (3)' }).waitFor(WAIT);
    await page.getByRole('tab', { name: 'Không hợp lệ (1)' }).click();
    const bad = page.getByRole('tabpanel', { name: 'Không hợp lệ (1)' }).locator('tr', { hasText: `${tag}-X-01` });
    await expect
      .poll(() => bad.locator('[aria-label]').first().getAttribute('aria-label'), WAIT)
      .toContain('Độ ẩm đất');
    await page.getByRole('button', { name: 'Lưu 3 dòng hợp lệ' }).click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Đã lưu 3 bản ghi mới, cập nhật 0 bản ghi').first().waitFor(WAIT);

    // ── The list leads to the report: the exceedance first, with the limit applied and the regulation.
    await page.goto(ui.url(`${BASE}/danh-sach?q=${encodeURIComponent(tag.toLowerCase())}`));
    await page.getByRole('link', { name: tag }).click(WAIT);
    await page.waitForURL((url) => url.pathname.includes(`${BASE}/chi-tiet/`), WAIT);
    const readings = page.getByTestId('report-readings');
    const rows = readings.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    const first = rows.first();
    expect(await first.getByTestId('reading-verdict').textContent()).toBe('Vượt giới hạn');
    expect(await first.textContent()).toContain(`${tag}-O-01`);
    expect(await first.textContent()).toContain('QCVN 24:2016/BYT');
    expect(await first.textContent()).toContain('93,5');
    expect(await rows.nth(1).getByTestId('reading-verdict').textContent()).toBe('Đạt');
    // The employer is asked for measures by a deadline.
    expect(await page.getByTestId('report-measures').textContent()).toContain('1 số đo vượt giới hạn');

    // ── A reading added from the keyboard: the form's errors beside its fields, the first one in view.
    const add = page.getByRole('button', { name: 'Thêm số đo' });
    await add.focus();
    await page.keyboard.press('Enter');
    await page.locator('.ant-dropdown:visible').getByText('Tiếng ồn', { exact: true }).click(WAIT);
    const dialog = page.locator('.ant-modal:visible');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await dialog.locator('.ant-form-item-explain-error').first().waitFor(WAIT);
    expect(
      await dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== document.body),
    ).toBe(true);
    await dialog.locator('#code').fill(`${tag}-O-03`);
    await dialog.locator('#position').fill('Kho thành phẩm');
    await dialog.locator('#laeq').fill('80');
    await dialog.locator('#exposureMinutes').fill('480');
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count(), WAIT).toBe(3);

    // ── The department's overview counts the exceedance.
    const officer = await ui.browser.newContext(defaultContextOptions);
    const desk = await officer.newPage();
    await signIn(desk, ui.baseUrl, OFFICER, DEMO_PASSWORD);
    await desk.goto(ui.url(`${BASE}/tong-hop`));
    await expect.poll(() => desk.title(), WAIT).toContain('Tổng hợp quan trắc môi trường lao động');
    await desk.getByText(`Tiếng ồn: ${before + 1}`).waitFor(WAIT);
    await desk.getByTestId('monitoring-overview-table').locator('tr', { hasText: 'Tiếng ồn' }).first().waitFor(WAIT);
    await officer.close();
  });
});
