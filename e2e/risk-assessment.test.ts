import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readPdf } from '../apps/api/test/support/pdf.ts';
import { useBrowser } from './support/browser.ts';
import { choose, confirmDialog, pickDate, shownDate } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * A risk assessment in the browser, OiRA's way: the employer prepares it (work area, sector, assessors), picks
 * hazards from its sector's library and adds one of its own, answers and rates them, sees the priority list
 * (highest risk first), plans measures for the high ones, completes it and downloads the action plan, whose PDF
 * carries the measures, owners, deadlines and costs. The department then reads it, without any way to change it.
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';
const WAIT = { timeout: 15_000 };
const BASE = '/an-toan-ve-sinh-lao-dong/danh-gia-rui-ro';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
const inDays = (days: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const tag = randomBytes(3).toString('hex');
const TITLE = `Đánh giá rủi ro xưởng xát cà phê ${tag}`;
const OWN = `Kẹt tay khi thay cuộn màng máy đóng gói ${tag}`;
const MACHINE = 'Cuốn, kẹp tay vào máy xát';
const DUST = 'Bụi hữu cơ khi sàng';
const PESTICIDE = 'Tiếp xúc thuốc bảo vệ thực vật';
let detailUrl = '';

const tab = (page: Page, name: string) => page.getByRole('tab', { name }).click();

async function evaluate(page: Page, name: string, rating: { likelihood: string; severity: string } | 'notApplicable') {
  await page
    .getByTestId('risk-hazards-evaluation')
    .locator('tr', { hasText: name })
    .getByTestId('risk-evaluate')
    .click();
  const dialog = page.locator('.ant-modal-wrap:visible').last();
  await dialog.waitFor(WAIT);
  if (rating === 'notApplicable') await dialog.getByText('Không áp dụng', { exact: true }).click();
  else {
    await choose(page, 'likelihood', rating.likelihood, WAIT);
    await choose(page, 'severity', rating.severity, WAIT);
  }
  await confirmDialog(page);
}

async function addMeasure(
  page: Page,
  hazard: string,
  m: { description: string; owner: string; deadline: string; cost: string },
) {
  await page.getByTestId('risk-plan-hazard').filter({ hasText: hazard }).getByTestId('risk-add-measure').click();
  await page.locator('.ant-modal-wrap:visible #description').waitFor(WAIT);
  await pickDate(page, 'deadline', m.deadline);
  await page.locator('#description').fill(m.description);
  await page.locator('#owner').fill(m.owner);
  await page.locator('#cost').fill(m.cost);
  await confirmDialog(page);
}

describe('risk assessment', () => {
  it('the employer identifies, evaluates, plans, completes and downloads the action plan', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, 'dn.caudatxanh', DEMO_PASSWORD);

    // ── Preparation: from the list, a new assessment.
    await page.goto(ui.url(`${BASE}/danh-sach`));
    await page.getByRole('button', { name: /Thêm/ }).first().click(WAIT);
    await page.waitForURL(`**${BASE}/tao-moi`, WAIT);
    await page.locator('#title').waitFor(WAIT);
    await pickDate(page, 'assessedOn', today());
    await page.locator('#title').fill(TITLE);
    await page.locator('#workArea').fill('Xưởng xát và phân loại cà phê nhân');
    await choose(page, 'sector', 'Nông nghiệp, chế biến cà phê – nông sản', WAIT);
    await page.locator('#assessors').fill('Lê Thị Hồng, Nguyễn Văn Tâm');
    await page.locator('#workerCount').fill('18');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${BASE}/chi-tiet/`), WAIT);
    detailUrl = page.url();
    await page.getByText(TITLE).first().waitFor(WAIT);
    expect(await page.getByTestId('risk-status').textContent()).toBe('Đang đánh giá');

    // ── Identification: three hazards of the sector's library and one of its own.
    for (const code of ['MN-NN-01', 'MN-NN-02', 'MN-NN-05'])
      await page.locator('tr', { hasText: code }).locator('input[type=checkbox]').check();
    await page.getByTestId('risk-add-selected').click();
    await page.getByTestId('risk-hazards-identification').getByText(PESTICIDE, { exact: false }).waitFor(WAIT);
    await page.locator('#ownName').fill(OWN);
    await choose(page, 'ownGroup', 'Cơ học', WAIT);
    await page.getByTestId('risk-add-own').click();
    await page.getByTestId('risk-hazards-identification').getByText(OWN).waitFor(WAIT);

    // ── Evaluation: likelihood × severity.
    await tab(page, '3. Đánh giá');
    await evaluate(page, MACHINE, { likelihood: '4 – Nhiều khả năng', severity: '5 – Tử vong' });
    await evaluate(page, DUST, { likelihood: '3 – Có thể xảy ra', severity: '3 – Trung bình' });
    await evaluate(page, OWN, { likelihood: '4 – Nhiều khả năng', severity: '4 – Nặng' });
    await evaluate(page, PESTICIDE, 'notApplicable');
    const machineRow = page.getByTestId('risk-hazards-evaluation').locator('tr', { hasText: MACHINE });
    await machineRow.getByText('Rất cao').waitFor(WAIT);
    expect(await machineRow.textContent()).toContain('20');

    // ── Action plan: the priority list, highest risk first; measures for the high ones.
    await tab(page, '4. Kế hoạch hành động');
    const priority = page.getByTestId('risk-priority').locator('tbody tr');
    await priority.first().waitFor(WAIT);
    const rows = await priority.allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain(MACHINE);
    expect(rows[0]).toContain('Rất cao');
    expect(rows[1]).toContain(OWN);
    expect(rows[1]).toContain('Cao');
    expect(rows[2]).toContain(DUST);
    expect(rows[2]).toContain('Trung bình');
    await addMeasure(page, MACHINE, {
      description: 'Lắp nút dừng khẩn cấp cho máy xát số 1',
      owner: 'Tổ cơ điện – Trần Văn Lực',
      deadline: inDays(30),
      cost: '8500000',
    });
    await addMeasure(page, OWN, {
      description: 'Lắp tấm che trục cuộn màng',
      owner: 'Nguyễn Văn Tâm',
      deadline: inDays(45),
      cost: '2400000',
    });
    await page.getByTestId('risk-totals').getByText('kinh phí 10.900.000 đồng').waitFor(WAIT);

    // ── Completed: due again in a year.
    await page.getByTestId('risk-complete').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Hoàn thành đánh giá' }).click();
    await page.getByTestId('risk-status').getByText('Đã hoàn thành').waitFor(WAIT);
    expect(await page.getByTestId('risk-complete').count()).toBe(0);

    // ── The action plan as PDF.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('risk-plan-pdf').click()]);
    const pdf = await readPdf(readFileSync((await download.path())!));
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('KẾ HOẠCH KIỂM SOÁT NGUY CƠ RỦI RO');
    expect(text).toContain(TITLE);
    expect(text).toContain('Lắp nút dừng khẩn cấp cho máy xát số 1');
    expect(text).toContain('Tổ cơ điện – Trần Văn Lực');
    expect(text).toContain(shownDate(inDays(30)));
    expect(text).toContain('8.500.000');
    expect(text).toContain('tổng kinh phí dự kiến 10.900.000 đồng');
    expect(text.indexOf('Lắp nút dừng khẩn cấp')).toBeLessThan(text.indexOf('Lắp tấm che trục cuộn màng'));
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('the department reads the assessment but has no way to change it', async () => {
    const { page } = ui;
    expect(detailUrl).not.toBe('');
    await signIn(page, ui.baseUrl, 'canbo.so', DEMO_PASSWORD);
    await page.goto(detailUrl);
    await page.getByText(TITLE).first().waitFor(WAIT);
    await page.getByText('(chỉ xem)').waitFor(WAIT);
    expect(await page.getByTestId('risk-complete').count()).toBe(0);
    expect(await page.getByTestId('risk-reassess').count()).toBe(0);
    await tab(page, '4. Kế hoạch hành động');
    await page.getByTestId('risk-priority').getByText(MACHINE).waitFor(WAIT);
    expect(await page.getByTestId('risk-add-measure').count()).toBe(0);
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
