import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readPdf } from '../apps/api/test/support/pdf.ts';
import { defaultContextOptions } from './support/browser.ts';
import { DEMO_PASSWORD, useClockPortal } from './support/clock-portal.ts';
import { choose, confirmDialog, pickDate, settled, shownDate } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * A periodic report's whole loop in the browser, as the "done when" tells it. The department makes the
 * annual OSH report due from agriculture (sector 01) as well; Rau hoa Langbiang (an agricultural employer that did
 * not owe it) finds it due in its workspace once the period opens; the portal's clock (a server started with
 * TEST_CLOCK) moves to 7 days and 1 day before the due day and the employer has been reminded twice; it opens the
 * form pre-filled from its registers, changes a figure and files it; the department returns it with a comment on
 * that field; the employer corrects it and files again; the department accepts it and its signed acceptance
 * verifies with pdfsig while a copy changed by one byte does not (the upload page says the same). Cầu Đất Xanh files
 * after the due day; the status page and the public list then say: on time, late, and a third employer missing.
 * Its own portal, since it moves the clock.
 */
const { ui, api, setClock } = useClockPortal();
const EMPLOYER = 'dn.rauhoa';
const EMPLOYER_NAME = 'Công ty Cổ phần Rau hoa Langbiang';
const LATE = 'dn.caudatxanh';
const LATE_NAME = 'Công ty TNHH Cà phê Cầu Đất Xanh';
const OFFICER = 'canbo.so';
const WAIT = { timeout: 20_000 };
const REPORT = 'Báo cáo công tác an toàn, vệ sinh lao động hằng năm';
// The 2026 period: 1 January to 31 December, open from 17 December, on time up to 9 January 2027.
const PERIOD = '2026';
const DUE = '2027-01-09';

interface Row {
  expectedId: string;
  submissionId: string | null;
  reportTypeId: string;
  typeCode: string;
  periodKey: string;
  reporterName: string;
  status: string;
}

function pdfsig(file: string): string {
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (run.error) throw new Error(`pdfsig (Debian package poppler-utils) must be installed: ${run.error.message}`);
  return `${run.stdout}\n${run.stderr}`;
}

/** A copy with one byte changed inside the signed ranges (a byte of a stream's data after the signature). */
function alterOneByte(pdf: Buffer): Buffer {
  const range = /\/ByteRange\s*\[\s*\d+\s+\d+\s+(\d+)\s+\d+\s*\]/.exec(pdf.toString('latin1'));
  expect(range).not.toBeNull();
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('stream\n', Number(range![1])) + 'stream\n'.length + 3;
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

/** The report form's number field of `path`. */
const field = (page: Page, fieldPath: string) =>
  page.locator(`[data-testid^="report-form-"] [data-path="${fieldPath}"] input, #${fieldPath}`).first();

describe('periodic reports', () => {
  it('assigned, due, reminded, filed, returned with a comment, filed again, accepted and signed; counted on the status pages', async () => {
    const { page } = ui;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'report-e2e-'));
    const officerContext = await ui.browser.newContext(defaultContextOptions);
    const desk = await officerContext.newPage();
    try {
      // The period is open: five days into its filing window.
      await setClock('2026-12-22');

      const owes = async (userName: string) =>
        (await api<{ pageLists: Row[] }>('/api/Report/submissions?pageSize=50&mine=true', { userName })).pageLists.find(
          (r) => r.typeCode === 'annual-osh' && r.periodKey === PERIOD,
        );
      expect(await owes(EMPLOYER)).toBeUndefined();

      // ── The department makes the report due from agriculture (sector 01) too.
      await signIn(desk, ui.baseUrl, OFFICER, DEMO_PASSWORD);
      await desk.goto(ui.url('/phan-loai-bao-cao/tao-moi'));
      await desk.locator('#code').waitFor(WAIT);
      await pickDate(desk, 'validFrom', '2026-01-01');
      await desk.locator('#code').fill('PL-ATVSLD-NONGNGHIEP');
      await choose(desk, 'reportTypeId', REPORT, WAIT);
      await choose(desk, 'kind', 'Quy tắc chung', WAIT);
      await choose(desk, 'sectorId', 'Nông nghiệp và hoạt động dịch vụ có liên quan', WAIT);
      await desk.getByRole('button', { name: 'Lưu' }).click();
      await desk.waitForURL((url) => url.pathname.endsWith('/phan-loai-bao-cao/danh-sach'), WAIT);

      // ── The employer finds it due in its workspace and opens the list filtered to it.
      await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
      await page.goto(ui.url('/'));
      const due = page.getByTestId('workspace-task-reports.due');
      await due.waitFor(WAIT);
      await due.click();
      await page.waitForURL((url) => url.pathname === '/nop-bao-cao/danh-sach', WAIT);
      const row = page.getByTestId('filing-list').locator('tr', { hasText: REPORT });
      await row.first().waitFor(WAIT);

      // ── The clock moves to 7 days and then 1 day before the due day: two reminders.
      await setClock('2027-01-02');
      await setClock('2027-01-08');
      await page.goto(ui.url('/thong-bao/danh-sach'));
      const reminder = `Báo cáo “${REPORT}” năm ${PERIOD} đến hạn nộp ngày ${shownDate(DUE)}`;
      await expect.poll(async () => page.getByText(reminder).count(), WAIT).toBe(2);

      // ── The form opens pre-filled from the registers; the employer changes a figure and files it.
      await page.goto(ui.url('/nop-bao-cao/danh-sach?status=open&mine=true'));
      await page.getByTestId('filing-list').locator('tr', { hasText: REPORT }).getByTestId('filing-row-open').click();
      await page.waitForURL((url) => url.pathname.startsWith('/nop-bao-cao/chi-tiet/'), WAIT);
      const submissionUrl = new URL(page.url()).pathname;
      const total = field(page, 'totalWorkers');
      await total.waitFor(WAIT);
      const registered = Number((await total.inputValue()).replace(/\D/g, ''));
      expect(registered).toBeGreaterThan(0);
      await total.fill(String(registered + 3));
      await page.getByTestId('filing-submit').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await expect.poll(() => page.getByTestId('submission-status').first().textContent(), WAIT).toBe('Đã nộp');
      // The declared figure differs from the register: both sides see the difference.
      await page.getByTestId('filing-differences-note').waitFor(WAIT);

      // ── The department returns it with a comment on that field.
      await desk.goto(ui.url(submissionUrl));
      await desk.getByTestId('filing-return').click(WAIT);
      await desk.locator('#reason').fill('Số lao động kê khai khác sổ quản lý lao động, đề nghị kiểm tra lại');
      await desk.getByTestId('return-comment-field-0').click();
      await desk.keyboard.type('Tổng số lao động');
      await desk
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Tổng số lao động' })
        .click();
      await desk.getByTestId('return-comment-text-0').fill('Sổ quản lý lao động ghi số khác: đề nghị đối chiếu');
      await confirmDialog(desk);
      await expect.poll(() => desk.getByTestId('submission-status').first().textContent(), WAIT).toBe('Bị trả lại');

      // ── The employer reads the comment beside the reason, corrects the figure and files again.
      await page.reload();
      await expect.poll(() => page.getByTestId('filing-returned').textContent(), WAIT).toContain('đề nghị đối chiếu');
      await field(page, 'totalWorkers').fill(String(registered + 1));
      await page.getByTestId('filing-resubmit').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await expect.poll(() => page.getByTestId('submission-status').first().textContent(), WAIT).toBe('Đã nộp');

      // ── The department accepts it; the acceptance is signed by the department.
      await desk.reload();
      await desk.getByTestId('filing-accept').click(WAIT);
      await desk.locator('.ant-modal-confirm .ant-btn-primary').click();
      await expect.poll(() => desk.getByTestId('submission-status').first().textContent(), WAIT).toBe('Đã chấp nhận');
      const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByTestId('filing-receipt').click()]);
      const signed = readFileSync((await download.path())!);
      expect((await readPdf(signed)).text.replace(/\s+/g, ' ')).toContain(EMPLOYER_NAME);
      const good = path.join(dir, 'chap-nhan.pdf');
      const bad = path.join(dir, 'chap-nhan-sua.pdf');
      writeFileSync(good, signed);
      writeFileSync(bad, alterOneByte(signed));
      expect(pdfsig(good)).toContain('Signature is Valid');
      expect(pdfsig(bad)).not.toContain('Signature is Valid');

      // The upload page says the same of both copies.
      await desk.goto(ui.url('/tai-lieu-ky-so/danh-sach'));
      const upload = desk.locator('input[type=file]');
      await upload.setInputFiles(good);
      await desk.getByText('Chữ ký hợp lệ — tài liệu còn nguyên vẹn').waitFor(WAIT);
      await upload.setInputFiles(bad);
      await desk.getByText('Tài liệu đã bị thay đổi sau khi ký — chữ ký không hợp lệ').waitFor(WAIT);

      // ── Cầu Đất Xanh files its report three days after the due day.
      await setClock('2027-01-12');
      const owed = (await owes(LATE))!;
      expect(owed).toBeDefined();
      const draft = await api<{ id: string; version: number }>('/api/Report/open-submission', {
        method: 'POST',
        userName: LATE,
        body: { reportTypeId: owed.reportTypeId, periodKey: PERIOD },
      });
      await api(`/api/Report/submit-submission/${draft.id}`, {
        method: 'POST',
        userName: LATE,
        body: { version: draft.version },
      });

      // ── The status page: this report on time, Cầu Đất Xanh late, another employer missing.
      const statusUrl = `/tinh-hinh-nop-bao-cao/danh-sach?type=${owed.reportTypeId}&period=${PERIOD}`;
      await desk.goto(ui.url(statusUrl));
      const reporters = desk.getByTestId('status-reporters');
      const standing = async (name: string) => {
        await desk.getByRole('searchbox').fill(name);
        await settled(desk);
        const line = reporters.locator('tr', { hasText: name }).first();
        await line.waitFor(WAIT);
        return (await line.textContent()) ?? '';
      };
      expect(await standing(EMPLOYER_NAME)).toContain('Đã chấp nhận');
      expect(await standing(EMPLOYER_NAME)).not.toContain('Nộp trễ hạn');
      expect(await standing(LATE_NAME)).toMatch(/Chờ xem xét.*Nộp trễ hạn/);
      await desk.getByRole('searchbox').fill('');
      await settled(desk);
      const missing = reporters.locator('tr', { hasText: 'Quá hạn chưa nộp' }).first();
      await missing.waitFor(WAIT);
      const missingName = (await missing.locator('td').nth(1).locator('a, strong, span').first().textContent())!.trim();
      expect(missingName.length).toBeGreaterThan(3);
      for (const figure of ['onTime', 'late', 'missing'])
        expect(
          Number(
            await desk.getByTestId(`status-figure-${figure}`).locator('.ant-statistic-content-value').textContent(),
          ),
        ).toBeGreaterThan(0);

      // ── The public list says the same, with no one signed in.
      const visitor = await ui.browser.newContext(defaultContextOptions);
      const anyone = await visitor.newPage();
      const publicUrl = `/tra-cuu-danh-sach-doanh-nghiep-nop-bao-cao-dinh-ky?type=${owed.reportTypeId}&period=${PERIOD}`;
      await anyone.goto(ui.url(publicUrl));
      await anyone.getByTestId('public-filers-note').waitFor(WAIT);
      const filed = async (name: string) => {
        await anyone.getByRole('searchbox').fill(name);
        await anyone.keyboard.press('Enter');
        const item = anyone.getByTestId('public-filer').filter({ hasText: name }).first();
        await item.waitFor(WAIT);
        return (await item.textContent()) ?? '';
      };
      expect(await filed(EMPLOYER_NAME)).toContain('Nộp đúng hạn');
      expect(await filed(LATE_NAME)).toContain('Nộp trễ hạn');
      expect(await filed(missingName)).toContain('Chưa nộp');
      await visitor.close();
    } finally {
      await officerContext.close();
      rmSync(dir, { recursive: true, force: true });
      await setClock(null);
    }
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
