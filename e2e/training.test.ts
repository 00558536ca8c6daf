import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays } from '@portal/domain/equipment/rules';
import { validUntilOf } from '@portal/domain/training/certificates';
import { readPdf } from '../apps/api/test/support/pdf.ts';
import { defaultContextOptions } from './support/browser.ts';
import { DEMO_PASSWORD, useClockPortal } from './support/clock-portal.ts';
import { choose, pickDate, shownDate as shown } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * OSH training in the browser, from the notice to the refresher: the class B training body notifies the department
 * of a group-1 course and registers it for an employer; the employer (class A, so refused group 2 beside the
 * field) sees it; the body enrols three of the employer's workers with their results from a spreadsheet; the
 * employer asks for their certificates; the body issues them; a
 * certificate's PDF carries its number, the name and a QR whose public page says it is valid without personal
 * data; the portal's clock (a server started with TEST_CLOCK) moves to ten days before it expires, the daily
 * reminders run, and the employer is told and finds the worker in its "needs refresher" list. Its own portal,
 * since it moves the clock.
 */
const { ui, api, setClock } = useClockPortal();
const TRAINER = 'huanluyen';
const EMPLOYER = 'dn.caudatxanh';
const EMPLOYER_CODE = '5801234577';
const WAIT = { timeout: 15_000 };
const ATVS = '/an-toan-ve-sinh-lao-dong';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const vietnamToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());

/** The error the form shows beside a field. */
const errorBeside = (page: Page, field: string) =>
  page.locator('.ant-form-item', { has: page.locator(`#${field}`) }).locator('.ant-form-item-explain-error');

interface Worker {
  id: string;
  fullName: string;
  citizenId: string | null;
  birthDate: string;
  endDate: string | null;
}

/** Three of the employer's workers with a citizen ID, still employed, holding no group-1 certificate yet. */
async function threeWorkers(group1: string): Promise<Worker[]> {
  const workers = await api<{ pageLists: Worker[] }>('/api/Worker/workers?pageSize=500', { userName: EMPLOYER });
  const certified = await api<{ pageLists: { workerId: string }[] }>(
    `/api/TrainingCertificate/trainingCertificates?targetTrainingId=${group1}&pageSize=500`,
    { userName: EMPLOYER },
  );
  const taken = new Set(certified.pageLists.map((c) => c.workerId));
  const free = workers.pageLists.filter((w) => w.citizenId && !w.endDate && !taken.has(w.id));
  expect(free.length).toBeGreaterThanOrEqual(3);
  return free.slice(-3);
}

/** The participants' file as a training body keeps it: citizen ID (as text), result, note. */
async function resultsFile(workers: Worker[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Kết quả huấn luyện');
  sheet.addRow(['Số CCCD/Hộ chiếu', 'Kết quả', 'Ghi chú']);
  for (const w of workers) sheet.addRow([w.citizenId, 'Đạt', `Điểm kiểm tra: 8,5 — ${w.fullName}`]);
  sheet.getColumn(1).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('OSH training', () => {
  it('notices, enrols from a file, issues certificates verified by QR, and reminds the employer of the refresher', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const courseCode = `HL-E2E-${tag}`;
    const courseName = `Huấn luyện an toàn, vệ sinh lao động cho người quản lý ${tag}`;
    const requestCode = `DN-HL-${tag}`;
    const today = vietnamToday();
    const start = addDays(today, 7);
    const end = addDays(start, 1);

    const groups = await api<{ value: string; code: string }[]>('/api/TargetTraining/combobox', { userName: TRAINER });
    const group1 = groups.find((g) => g.code === 'NHOM-1')!.value;
    const employer = (
      await api<{ value: string; code: string }[]>(`/api/Bussiness/combobox?keyWord=${EMPLOYER_CODE}`, {
        userName: 'canbo.so',
      })
    ).find((b) => b.code === EMPLOYER_CODE)!.value;
    const workers = await threeWorkers(group1);

    try {
      // ── The training body (class B) tells the department of its group-1 course, five days ahead at least.
      await signIn(page, ui.baseUrl, TRAINER, DEMO_PASSWORD);
      await page.goto(ui.url(`${ATVS}/thong-bao-to-chuc-huan-luyen/tao-moi`));
      await page.locator('#name').waitFor(WAIT);
      // Dates first: Enter in a date field submits the form, which is not complete yet (no navigation).
      await pickDate(page, 'startDate', start);
      await pickDate(page, 'endDate', end);
      await page.locator('#name').fill(courseName);
      await choose(page, 'unitId', 'Trung tâm Huấn luyện an toàn lao động', WAIT);
      await choose(page, 'targetTrainingId', 'Nhóm 1', WAIT);
      await choose(page, 'kind', 'Huấn luyện lần đầu', WAIT);
      await page.locator('#location').fill('Hội trường Trung tâm, 12 Trần Phú, Đà Lạt');
      await page.locator('#expectedParticipants').fill('3');
      await page.locator('#employersServed').fill('Công ty TNHH Cà phê Cầu Đất Xanh');
      await page.getByRole('button', { name: 'Lưu' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/thong-bao-to-chuc-huan-luyen/danh-sach'), WAIT);
      // It waits for the department (the demo's first notice, acknowledged, leaves the list).
      await page.getByText('Chờ tiếp nhận', { exact: true }).click(WAIT);
      await page.locator('tr', { hasText: 'TB-TTHL-DEMO-01' }).waitFor({ ...WAIT, state: 'detached' });
      await page.locator('tr', { hasText: courseName }).first().waitFor(WAIT);

      // ── Its course, with the group's minimum hours (class and hours are checked on save).
      await page.goto(ui.url(`${ATVS}/thuc-hien-huan-luyen/tao-moi`));
      await page.locator('#code').waitFor(WAIT);
      await pickDate(page, 'startDate', start);
      await pickDate(page, 'endDate', end);
      await page.locator('#code').fill(courseCode);
      await page.locator('#name').fill(courseName);
      // The employer the course is held for: a training body names it, though it sees no employer's records.
      await choose(page, 'businessId', 'Cà phê Cầu Đất Xanh', WAIT);
      await choose(page, 'targetTrainingId', 'Nhóm 1', WAIT);
      await choose(page, 'kind', 'Huấn luyện lần đầu', WAIT);
      await page.locator('#hours').fill('8');
      await page.getByRole('button', { name: 'Lưu' }).click();
      await expect.poll(() => errorBeside(page, 'hours').textContent(), WAIT).toContain('16 giờ');
      await page.locator('#hours').fill('16');
      await page.locator('#location').fill('Hội trường Trung tâm, 12 Trần Phú, Đà Lạt');
      await page.getByRole('button', { name: 'Lưu' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/thuc-hien-huan-luyen/danh-sach'), WAIT);
      const courses = await api<{ pageLists: Record<string, unknown>[] }>(
        `/api/Training/trainings?keyWord=${courseCode}`,
        { userName: TRAINER },
      );
      const course = courses.pageLists.find((c) => c.code === courseCode)!;
      expect(course).toMatchObject({ trainerUnitCode: 'TTHL_ATLD', businessId: employer, hours: 16, startDate: start });
      // ── The employer trains its own workers as class A (its self-declaration): its group picker does not offer
      // group 2 (class A trains groups 4 and 6), which a save would refuse (the refusal is covered by the API tests).
      const employerSide = await ui.browser.newContext(defaultContextOptions);
      const hr = await employerSide.newPage();
      const hrErrors: string[] = [];
      hr.on('pageerror', (err) => hrErrors.push(err.message));
      await signIn(hr, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
      await hr.goto(ui.url(`${ATVS}/thong-bao-to-chuc-huan-luyen/tao-moi`));
      await hr.locator('#name').waitFor(WAIT);
      await pickDate(hr, 'startDate', start);
      await hr.locator('#name').fill(`Huấn luyện người làm công tác an toàn ${tag}`);
      await choose(hr, 'unitId', 'Cầu Đất Xanh', WAIT);
      await hr.locator('#targetTrainingId').click();
      await hr.locator('#targetTrainingId').fill('Nhóm');
      const offered = hr.locator('.ant-select-dropdown:visible .ant-select-item-option');
      const offeredGroups = async () => {
        const groups = await offered.allTextContents();
        return { group4: groups.some((g) => g.includes('Nhóm 4')), group2: groups.some((g) => g.includes('Nhóm 2')) };
      };
      await expect.poll(offeredGroups, WAIT).toEqual({ group4: true, group2: false });
      await hr.keyboard.press('Escape');

      // ── The course takes place; the training body imports its results sheet on the course's import page, naming
      // the employer's workers by citizen ID.
      await setClock(end);
      await page.goto(ui.url(`${ATVS}/thuc-hien-huan-luyen/them-tu-file/${course.id}`));
      await expect.poll(() => page.title(), WAIT).toContain('Nhập người tham gia huấn luyện từ tệp Excel');
      await page.locator('input[type=file]').setInputFiles({
        name: 'Ket qua huan luyen nhom 1.xlsx',
        mimeType: XLSX,
        buffer: await resultsFile(workers),
      });
      await page.getByText('Hợp lệ: 3', { exact: true }).waitFor(WAIT);
      await page.getByText('Không hợp lệ: 0', { exact: true }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Lưu 3 dòng hợp lệ' }).click();
      await page.getByText('Đã thêm 3 người, cập nhật 0 người').first().waitFor(WAIT);
      await page.goto(ui.url(`${ATVS}/thuc-hien-huan-luyen/chinh-sua/${course.id}`));
      await page.getByRole('tab', { name: 'Người tham gia' }).click(WAIT);
      const participants = page.getByRole('tabpanel', { name: 'Người tham gia' }).locator('tbody tr.ant-table-row');
      await expect.poll(() => participants.count(), WAIT).toBe(3);
      for (const w of workers) {
        const row = participants.filter({ hasText: w.fullName });
        expect(await row.textContent()).toContain('Đạt');
        expect(await row.textContent()).toContain(w.citizenId!);
      }

      // ── The employer asks the training body for the certificates of those who passed.
      await hr.goto(ui.url(`${ATVS}/de-nghi-cap-giay-huan-luyen/tao-moi`));
      await hr.locator('#code').waitFor(WAIT);
      await hr.locator('#code').fill(requestCode);
      await choose(hr, 'trainingId', tag, WAIT);
      await hr.getByRole('button', { name: 'Lưu' }).click();
      await hr.waitForURL((url) => url.pathname.endsWith('/de-nghi-cap-giay-huan-luyen/danh-sach'), WAIT);
      await hr.getByRole('link', { name: requestCode }).click(WAIT);
      await hr.waitForURL((url) => url.pathname.includes('/de-nghi-cap-giay-huan-luyen/chi-tiet/'), WAIT);
      const requestPath = new URL(hr.url()).pathname;
      for (const w of workers) await hr.getByText(w.fullName).first().waitFor(WAIT);
      await hr.getByTestId('request-submit').click(WAIT);
      await hr.locator('.ant-modal-confirm').getByRole('button', { name: 'Gửi đề nghị' }).click();
      await expect.poll(() => hr.getByTestId('request-status').textContent(), WAIT).toBe('Chờ cấp');

      // ── The training body issues them from the request: one numbered certificate each.
      await page.goto(ui.url(requestPath));
      await page.getByTestId('request-issue').click(WAIT);
      await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Cấp chứng nhận' }).click();
      await page.getByText('Đã cấp 3 chứng nhận').first().waitFor(WAIT);
      await expect.poll(() => page.getByTestId('request-status').textContent(), WAIT).toBe('Đã cấp');
      const holder = workers[0]!;
      const numberLink = page.locator('tr', { hasText: holder.fullName }).getByRole('link');
      await numberLink.waitFor(WAIT);
      const number = (await numberLink.textContent())!.trim();
      expect(number).toMatch(/^TTHL_ATLD-\d{4}\/\d{4}\//);

      // ── Its PDF: the number, the name, and a QR to the public page.
      await numberLink.click();
      await page.waitForURL((url) => url.pathname.includes('/cap-giay-chung-nhan-huan-luyen/chi-tiet/'), WAIT);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('certificate-print').click(WAIT),
      ]);
      const pdf = await readPdf(readFileSync((await download.path())!));
      const text = pdf.text.replace(/\s+/g, ' ');
      expect(text).toContain(number);
      expect(text).toContain(holder.fullName);
      expect(text).toContain('Nhóm 1');
      expect(pdf.qrCodes).toHaveLength(1);
      const qr = new URL(pdf.qrCodes[0]!);
      expect(qr.pathname).toMatch(/^\/tra-cuu-chung-nhan-huan-luyen\/[0-9a-f-]{36}$/);
      const certificate = await api<{ issuedOn: string; validUntil: string }>(
        `/api/TrainingCertificate/trainingCertificates/${qr.pathname.split('/').pop()}`,
        { userName: TRAINER },
      );
      expect(certificate.issuedOn).toBe(end);
      // Group 1: valid two years (the group rule in force on the issue date).
      expect(certificate.validUntil).toBe(validUntilOf(end, 24));

      // ── Anyone scanning it sees it valid, with the name and no personal data.
      const visitor = await ui.browser.newContext(defaultContextOptions);
      const scan = await visitor.newPage();
      await scan.goto(ui.url(qr.pathname));
      await expect.poll(() => scan.getByTestId('verify-status').textContent(), WAIT).toBe('Còn hiệu lực');
      const card = scan.getByTestId('verified-credential');
      const shownCard = (await card.textContent())!;
      expect(shownCard).toContain(holder.fullName);
      expect(shownCard).toContain(number);
      expect(shownCard).toContain(shown(certificate.validUntil));
      const whole = (await scan.locator('body').textContent())!;
      expect(whole).not.toContain(holder.citizenId!);
      expect(whole).not.toContain(shown(holder.birthDate));
      await visitor.close();

      // ── Ten days before it expires (within the 30 days' notice): the daily reminders run for the new day.
      await setClock(addDays(certificate.validUntil, -10));
      await hr.goto(ui.url('/thong-bao/danh-sach'));
      const reminder = hr
        .getByTestId('notification-row')
        .filter({ hasText: `sớm nhất ngày ${shown(certificate.validUntil)}` });
      await reminder.first().waitFor(WAIT);
      // One reminder for the three of them, sent once.
      expect(await reminder.count()).toBe(1);
      expect(await reminder.textContent()).toContain('3 giấy chứng nhận');
      // It opens the employer's list of credentials due soon; the worker is found there by name.
      await reminder.click();
      await hr.waitForURL((url) => url.pathname.endsWith('/huan-luyen-ATVSLD'), WAIT);
      expect(new URL(hr.url()).searchParams.get('state')).toBe('dueSoon');
      const status = hr.getByTestId('training-status-list');
      /** Does `act`, then waits until the list shows the server's answer for `state` and the name. */
      const relisted = async (state: string, act: () => Promise<void>) => {
        const answered = hr.waitForResponse((r) => {
          const url = new URL(r.url());
          return (
            url.pathname.endsWith('/get-paging-refresher') &&
            url.searchParams.get('state') === state &&
            url.searchParams.get('keyWord') === holder.fullName
          );
        }, WAIT);
        await act();
        expect((await answered).status()).toBe(200);
        await status.locator('.ant-spin-blur').waitFor({ ...WAIT, state: 'detached' });
      };
      const row = status.locator('tbody tr.ant-table-row', { hasText: number });
      await relisted('dueSoon', async () => {
        await hr.getByPlaceholder('Tìm theo họ tên hoặc số CCCD (không cần dấu)').fill(holder.fullName);
        await hr.keyboard.press('Enter');
      });
      await row.waitFor(WAIT);
      // And in the "needs refresher" list (due soon and expired): due soon, ten days left.
      await relisted('needsRefresher', () =>
        hr.getByTestId('training-status-quick').getByText('Cần huấn luyện định kỳ').click(),
      );
      expect(await row.count()).toBe(1);
      expect(await row.getByTestId('training-state').textContent()).toBe('Sắp đến hạn huấn luyện định kỳ');
      expect(await row.textContent()).toContain('còn 10 ngày');
      expect(await row.textContent()).toContain(shown(certificate.validUntil));
      expect(hrErrors).toEqual([]);
      await employerSide.close();
    } finally {
      await setClock(null);
    }
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it("enters a participant's result on the course's page", async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const start = vietnamToday();
    // A course of the training body for the employer, with one participant (set up through the API).
    const groups = await api<{ value: string; code: string }[]>('/api/TargetTraining/combobox', { userName: TRAINER });
    const employer = (
      await api<{ value: string; code: string }[]>(`/api/Bussiness/combobox?keyWord=${EMPLOYER_CODE}`, {
        userName: TRAINER,
      })
    ).find((b) => b.code === EMPLOYER_CODE)!.value;
    const course = await api<{ id: string }>('/api/Training/add', {
      method: 'POST',
      userName: TRAINER,
      body: {
        code: `HL-KQ-${tag}`,
        name: `Huấn luyện nhóm 4 ${tag}`,
        businessId: employer,
        targetTrainingId: groups.find((g) => g.code === 'NHOM-4')!.value,
        startDate: start,
        endDate: addDays(start, 1),
        hours: 16,
      },
    });
    const [worker] = await api<{ value: string; label: string }[]>(
      `/api/Training/get-combobox-worker-not-training?trainingId=${course.id}&take=1`,
      { userName: TRAINER },
    );
    await api('/api/Training/add-training-worker', {
      method: 'POST',
      userName: TRAINER,
      body: { trainingId: course.id, workerIds: [worker!.value] },
    });

    await signIn(page, ui.baseUrl, TRAINER, DEMO_PASSWORD);
    await page.goto(ui.url(`${ATVS}/thuc-hien-huan-luyen/chinh-sua/${course.id}`));
    await page.getByRole('tab', { name: 'Người tham gia' }).click(WAIT);
    await page.getByTestId('results-enter').click(WAIT);
    const entry = page.getByTestId('results-entry');
    await entry.locator('#rows_0_result').waitFor(WAIT);
    await choose(page, 'rows_0_result', 'Đạt', WAIT);
    await entry.locator('#rows_0_certificateNumber').fill(`GCN-${tag}`);
    await entry.getByRole('button', { name: 'Lưu kết quả' }).click();
    await page.getByText('Đã lưu kết quả của 1 người').first().waitFor(WAIT);
    // Back to the list, which shows the saved result.
    const row = page.getByRole('tabpanel', { name: 'Người tham gia' }).locator('tbody tr.ant-table-row');
    await expect.poll(() => row.textContent(), WAIT).toContain(`GCN-${tag}`);
    expect(await row.textContent()).toContain('Đạt');
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
