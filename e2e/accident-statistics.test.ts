import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { choose } from './support/forms.ts';
import { apiToken, signIn } from './support/session.ts';

/**
 * Accident statistics in the browser: an employer declares two accidents of the first half-year (through the
 * accidents API), creates its six-month report, finds it pre-filled with their victims, completes a victim's days
 * off and submits it; the department's summary of the period counts the report and its victims.
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';
const EMPLOYER = 'dn.caudatxanh';
const OFFICER = 'canbo.so';
const WAIT = { timeout: 15_000 };
const BASE = '/an-toan-ve-sinh-lao-dong/thong-ke-tai-nan-lao-dong-co-quan';

const token = (userName: string) => apiToken(ui.baseUrl, userName, DEMO_PASSWORD);

async function api<T>(userName: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(ui.url(path), {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await token(userName)}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

interface Summary {
  submitted: number;
  sections: { section: number; figures: { victims: number; accidents: number } }[];
}

describe('accident statistics', () => {
  it('the six-month report is pre-filled from the declarations, completed, submitted and counted by the department', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const year = Number(new Date().toISOString().slice(0, 4));
    const summaryUrl = `/api/AccidentStatistical/get-summary?year=${year}&period=halfYear`;
    const before = await api<Summary>(OFFICER, summaryUrl);

    // ── Two accidents of the first half-year, declared by the employer.
    const reason = (
      await api<{ pageLists: { id: string }[] }>(EMPLOYER, '/api/AccidentReason/accidentReasons?pageSize=5')
    ).pageLists[0]!.id;
    const factor = (
      await api<{ pageLists: { id: string }[] }>(EMPLOYER, '/api/InjuryElement/injuryElements?pageSize=5')
    ).pageLists[0]!.id;
    const declare = (day: string, victims: { fullName: string; severity: string; female?: boolean }[]) =>
      api(EMPLOYER, '/api/Accident/add-accident', {
        method: 'POST',
        body: {
          wardId: '2025:24781',
          occurredAt: `${year}-${day}T09:00:00+07:00`,
          place: 'Xưởng rang cà phê',
          description: 'Công nhân bị thương khi vận hành máy rang',
          accidentReasonId: reason,
          injuryElementId: factor,
          victims: victims.map((v) => ({ ...v, daysOff: 0 })),
        },
      });
    await declare('02-12', [{ fullName: `Nguyễn Văn An ${tag}`, severity: 'light' }]);
    await declare('04-03', [
      { fullName: `Trần Thị Bình ${tag}`, severity: 'serious', female: true },
      { fullName: `Lê Văn Cường ${tag}`, severity: 'light' },
    ]);

    // ── The employer creates its six-month report with the catalogue's form.
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url(`${BASE}/them`));
    await page.locator('#code').waitFor(WAIT);
    await page.locator('#code').fill(`${tag}/BC-TNLD`);
    await page.locator('#year').fill(String(year));
    await choose(page, 'period', '6 tháng đầu năm', WAIT);
    await page.locator('#totalWorkers').fill('85');
    await page.locator('#femaleWorkers').fill('30');
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname.endsWith(`${BASE}/danh-sach`), WAIT);

    // ── The list leads to the report, pre-filled with the declared victims.
    await page.goto(ui.url(`${BASE}/danh-sach?year=${year}`));
    await page.getByRole('link', { name: `${tag}/BC-TNLD` }).click(WAIT);
    await page.waitForURL((url) => url.pathname.includes(`${BASE}/chinh-sua/`), WAIT);
    const victims = page.getByTestId('report-victims');
    for (const name of [`Nguyễn Văn An ${tag}`, `Trần Thị Bình ${tag}`, `Lê Văn Cường ${tag}`])
      await victims.getByText(name).waitFor(WAIT);
    expect(await page.getByTestId('report-status').textContent()).toBe('Đang lập');

    // ── Days off completed for the seriously injured worker, then the report submitted.
    await victims.getByLabel(`Số ngày nghỉ — Trần Thị Bình ${tag}`).fill('14');
    await page.getByTestId('save-losses').click();
    await page.getByText('Đã lưu').first().waitFor(WAIT);
    await page.getByTestId('submit-report').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Nộp báo cáo' }).click();
    await expect.poll(() => page.getByTestId('report-status').textContent(), WAIT).toBe('Đã nộp');
    const figures = await page.getByTestId('report-figures').textContent();
    expect(figures).toContain('1. Tai nạn lao động');

    // ── The department's summary of the period counts the report and its victims.
    const after = await api<Summary>(OFFICER, summaryUrl);
    expect(after.submitted).toBe(before.submitted + 1);
    const victims3 = (s: Summary) => s.sections.find((x) => x.section === 3)!.figures.victims;
    expect(victims3(after) - victims3(before)).toBeGreaterThanOrEqual(3);
    const officer = await ui.browser.newContext(defaultContextOptions);
    const desk = await officer.newPage();
    await signIn(desk, ui.baseUrl, OFFICER, DEMO_PASSWORD);
    await desk.goto(ui.url(`${BASE}/tong-hop?year=${year}&period=halfYear&dimension=cause`));
    await expect.poll(() => desk.title(), WAIT).toContain('Tổng hợp thống kê tai nạn lao động');
    await expect
      .poll(() => desk.getByTestId('summary-submitted').locator('.ant-statistic-content-value').textContent(), WAIT)
      .toBe(String(after.submitted));
    await expect
      .poll(() => desk.getByTestId('summary-section-3').textContent(), WAIT)
      .toContain(`${victims3(after).toLocaleString('vi-VN')} người`);
    await desk.getByTestId('summary-rows').locator('tbody tr.ant-table-row').first().waitFor(WAIT);
    await officer.close();
  });
});
