import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { choose, confirmDialog, pickDate } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * An inspection in the browser, from the record to the public look-up: the inspector records an inspection of a
 * demo employer with a sanctioned violation and a requirement, and concludes it; the employer finds it through its
 * workspace and answers with an evidence file; the inspector accepts the answer, which closes the inspection; the
 * public look-up (a card of the public home) finds the concluded inspection of that employer, with no person's
 * name and no file.
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';
const INSPECTOR = 'thanhtra';
const INSPECTOR_NAME = 'Lê Quốc Hùng';
const EMPLOYER = 'dn.caudatxanh';
const WAIT = { timeout: 15_000 };
const ATVS = '/an-toan-ve-sinh-lao-dong';

const vietnamToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
function isoDay(days: number): string {
  const d = new Date(`${vietnamToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('inspections', () => {
  it('recorded and concluded by the inspector, answered by the employer with evidence, accepted, found by the public', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const decision = `QĐ-${tag}/TTr`;
    const provision = `Khoản 2 Điều 14 Luật An toàn, vệ sinh lao động 2015 (${tag})`;
    const requirement = `Tổ chức huấn luyện nhóm 3 cho người vận hành nồi hơi ${tag}`;
    const evidenceName = `Chung-nhan-huan-luyen-${tag}.pdf`;

    // ── The inspector records the inspection: decision, team, a fined violation, a requirement.
    await signIn(page, ui.baseUrl, INSPECTOR, DEMO_PASSWORD);
    await page.goto(ui.url(`${ATVS}/thanh-tra/tao-moi`));
    await page.getByTestId('inspection-form').waitFor(WAIT);
    await page.getByTestId('add-requirement').click();
    // Dates first: Enter in a date field submits the form, which is not complete yet.
    await pickDate(page, 'requirements_0_deadline', isoDay(30));
    await pickDate(page, 'plannedFrom', isoDay(-2));
    await pickDate(page, 'decisionDate', isoDay(-7));
    await choose(page, 'businessId', 'Cầu Đất Xanh', WAIT);
    await page.locator('#decisionNumber').fill(decision);
    await page.locator('#decisionSigner').fill('Chánh Thanh tra Sở');
    await page.locator('#findings').fill('Chưa huấn luyện an toàn cho người vận hành nồi hơi.');
    await page.getByTestId('add-member').click();
    await choose(page, 'team_0_userId', INSPECTOR_NAME, WAIT);
    await page.getByTestId('add-violation').click();
    await page.locator('#violations_0_description').fill('Không huấn luyện an toàn cho người vận hành nồi hơi');
    await page.locator('#violations_0_legalProvision').fill(provision);
    await page.locator('#violations_0_fineAmount').fill('25000000');
    await page.locator('#requirements_0_content').fill(requirement);
    await page.getByTestId('save-inspection').click();
    await page.waitForURL((url) => url.pathname.includes('/thanh-tra/chinh-sua/'), WAIT);
    const inspectionPath = new URL(page.url()).pathname;

    // ── It concludes: the fine goes on the violating employers' list; the inspection is read-only.
    await page.getByTestId('conclude-inspection').click();
    await page.locator('#conclusionNumber').waitFor(WAIT);
    await page.locator('#conclusionNumber').fill(`KL-${tag}`);
    await page
      .locator('#conclusionSummary')
      .fill('Doanh nghiệp vi phạm quy định về huấn luyện; đã xử phạt hành chính.');
    await confirmDialog(page);
    await page.getByTestId('inspection-view').waitFor(WAIT);
    await page.getByText('Đã kết luận').first().waitFor(WAIT);
    await page.getByText('Đã đưa vào danh sách doanh nghiệp vi phạm').waitFor(WAIT);

    // ── The employer finds it from its workspace and answers with an evidence file.
    const employerContext = await ui.browser.newContext(defaultContextOptions);
    const desk = await employerContext.newPage();
    await signIn(desk, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await desk.goto(ui.url('/trang-lam-viec'));
    const task = desk.getByTestId('workspace-task-inspections.toAnswer');
    await task.waitFor(WAIT);
    expect(Number(await task.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
    await task.click();
    await desk.waitForURL((url) => url.pathname.endsWith('/thanh-tra-so/danh-sach'), WAIT);
    await desk.getByTestId('inspection-list').getByRole('link', { name: decision }).click();
    await desk.waitForURL((url) => url.pathname === inspectionPath, WAIT);
    const item = desk.getByTestId('requirement-0');
    await item.getByText(requirement).waitFor(WAIT);
    await item.getByRole('button', { name: 'Trả lời' }).click();
    await desk.locator('#answerText').waitFor(WAIT);
    await desk.locator('#answerText').fill('Đã tổ chức huấn luyện nhóm 3 cho 04 người; giấy chứng nhận đính kèm.');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'inspection-e2e-'));
    const file = path.join(dir, evidenceName);
    writeFileSync(file, '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await desk.locator('.ant-modal-wrap:visible input[type=file]').setInputFiles(file);
    await desk.locator('.ant-modal-wrap:visible').getByText(evidenceName).waitFor(WAIT);
    await confirmDialog(desk);
    await item.getByText('Chờ xem xét').waitFor(WAIT);
    await item.getByText(evidenceName).waitFor(WAIT);
    await employerContext.close();

    // ── The inspector accepts the answer: the only requirement met, the inspection is closed.
    await page.reload();
    const own = page.getByTestId('requirement-0');
    await own.getByText(evidenceName).waitFor(WAIT);
    await own.getByRole('button', { name: 'Chấp nhận' }).click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await own.getByText('Đã khắc phục').waitFor(WAIT);
    await page.getByText('Đã hoàn thành').first().waitFor(WAIT);

    // ── The public finds it from the home's look-up card, by the employer's name without accents.
    const publicContext = await ui.browser.newContext(defaultContextOptions);
    const visitor = await publicContext.newPage();
    await visitor.goto(ui.url('/trang-chu/tra-cuu'));
    await visitor.locator('a.home-card[href="/tra-cuu-thong-tin-thanh-tra-kiem-tra"]').click();
    await visitor.waitForURL((url) => url.pathname === '/tra-cuu-thong-tin-thanh-tra-kiem-tra', WAIT);
    await visitor.getByTestId('inspection-lookup-input').fill('cau dat xanh');
    await visitor.getByRole('button', { name: 'Tra cứu' }).click();
    const results = visitor.getByTestId('inspection-lookup-results');
    await results.getByText(provision, { exact: false }).waitFor(WAIT);
    await results.getByText(`KL-${tag}`, { exact: false }).waitFor(WAIT);
    const shown = await results.innerText();
    expect(shown).toContain('Công ty TNHH Cà phê Cầu Đất Xanh');
    expect(shown).toContain('25.000.000');
    expect(shown).not.toContain(INSPECTOR_NAME);
    expect(shown).not.toContain(evidenceName);
    expect(shown).not.toContain('Chánh Thanh tra Sở');
    expect(ui.unexpectedErrors()).toEqual([]);
    await publicContext.close();
  });
});
