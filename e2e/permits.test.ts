import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { choose, confirmDialog } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * A work-permit request's whole life in the browser, as the demo accounts: the employer files it with its
 * documents, the department returns it, the employer fixes it, the department grants it, and the employer reads
 * the number and validity. A draft saves with what is filled; submitting it asks for the rest.
 */
const ui = useBrowser();

const DEMO_PASSWORD = 'Demo@2026';
const EMPLOYER = 'dn.caudatxanh';
const OFFICER = 'canbo.so';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Day in Vietnam, `days` from today, as the date pickers show it. */
function vnDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const iso = d.toISOString().slice(0, 10);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** A foreign worker of the demo employer, declared through the Worker area's API (the employer's own call). */
async function declareForeignWorker(fullName: string): Promise<void> {
  const login = await fetch(ui.url('/api/Account/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: EMPLOYER, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(ui.url('/api/Worker/workers'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      fullName,
      passportNumber: `M${randomInt(1e7, 1e8 - 1)}`,
      birthDate: '1989-06-15',
      sex: 'female',
      nationality: 'KR',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

/** Picks an option of an Ant Design select by its label (typing it first when the select searches). */
async function upload(
  page: Page,
  code: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.getByTestId(`requirement-${code}`).locator('input[type=file]').setInputFiles(file);
}

/** Pages load lazily and talk to the server: allow them a moment. */
const WAIT = { timeout: 10_000 };

/** The new-permit fields after the worker and passport: position, job, workplace and the period asked for. */
async function fillLicense(
  page: Page,
  o: { position: string; jobTitle: string; fromDay: number; toDay: number },
): Promise<void> {
  await choose(page, 'position', o.position);
  await choose(page, 'workForm', 'Thực hiện hợp đồng lao động');
  await page.locator('#jobTitle').fill(o.jobTitle);
  await page.locator('#workplace').fill('Xưởng rang xay Cầu Đất, Đà Lạt');
  await page.locator('#period').click();
  await page.locator('#period').fill(vnDate(o.fromDay));
  await page.keyboard.press('Enter');
  await page.locator('.ant-picker-input input').nth(1).fill(vnDate(o.toDay));
  await page.keyboard.press('Enter');
}

describe('work permit request', () => {
  it('employer files with its documents → department returns it → employer fixes → department grants: number and validity shown', async () => {
    const { page } = ui;
    const workerName = `Lee Seo-yeon ${randomInt(1000, 9999)}`;
    await declareForeignWorker(workerName);

    // ── The employer files the request.
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/nguoi-lao-dong/giay-phep-lao-dong/danh-sach'));
    await page.getByRole('button', { name: 'Lập hồ sơ cấp giấy phép' }).waitFor();
    await expect.poll(() => page.title(), WAIT).toContain('Giấy phép lao động');
    await page.getByRole('button', { name: 'Lập hồ sơ cấp giấy phép' }).click();
    await page.waitForURL('**/nguoi-lao-dong/giay-phep-lao-dong/tao-moi');

    await choose(page, 'workerId', workerName);
    await page.locator('#passportNumber').fill('m 8814 2270');
    await fillLicense(page, {
      position: 'Chuyên gia',
      jobTitle: 'Chuyên gia kiểm định chất lượng cà phê',
      fromDay: 10,
      toDay: 375,
    });
    await page.getByTestId('permit-save').click();
    await page.waitForURL(/\/nguoi-lao-dong\/giay-phep-lao-dong\/chinh-sua\/[0-9a-f-]{36}$/);
    const requestUrl = page.url();
    await expect.poll(() => page.getByTestId('permit-status').first().textContent(), WAIT).toBe('Nháp');
    expect(await page.locator('#passportNumber').inputValue()).toBe('M88142270');

    // A PDF is refused as a photo, with the reason under the document.
    await upload(page, 'photos', { name: 'anh-the.png', mimeType: 'image/png', buffer: PDF });
    await expect
      .poll(() => page.getByTestId('requirement-error-photos').textContent(), WAIT)
      .toContain('chỉ nhận tệp ảnh (JPG, PNG)');

    const papers = [
      'applicationForm',
      'demandApproval',
      'healthCertificate',
      'criminalRecord',
      'qualificationProof',
      'passportCopy',
    ];
    for (const code of papers) {
      // A required paper still missing is marked where it is uploaded, and the mark goes with the upload.
      expect(await page.getByTestId(`requirement-missing-${code}`).count()).toBe(1);
      await upload(page, code, { name: `${code}.pdf`, mimeType: 'application/pdf', buffer: PDF });
      await page.getByTestId(`requirement-${code}`).getByText(`${code}.pdf`).waitFor();
      expect(await page.getByTestId(`requirement-missing-${code}`).count()).toBe(0);
    }
    await upload(page, 'photos', { name: 'ảnh 4x6.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('requirement-photos').getByText('ảnh 4x6.png').waitFor();
    expect(await page.getByTestId('requirement-error-photos').count()).toBe(0);

    await page.getByTestId('permit-submit').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => page.getByTestId('permit-status').first().textContent(), WAIT).toBe('Chờ thẩm định');

    // ── The department returns it with a reason.
    const officerContext = await ui.browser.newContext(defaultContextOptions);
    const officer = await officerContext.newPage();
    try {
      await signIn(officer, ui.baseUrl, OFFICER, DEMO_PASSWORD);
      await officer.goto(ui.url('/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach'));
      await officer.getByRole('link', { name: workerName }).waitFor();
      await expect.poll(() => officer.title(), WAIT).toContain('Cấp phép người lao động nước ngoài');
      await officer.getByRole('link', { name: workerName }).click();
      await officer.waitForURL(requestUrl);
      await officer.getByTestId('permit-return').click();
      await officer.locator('#reason').fill('Giấy chứng nhận sức khỏe đã quá 12 tháng, đề nghị bổ sung bản mới');
      await confirmDialog(officer);
      await expect.poll(() => officer.getByTestId('permit-status').first().textContent(), WAIT).toBe('Trả lại bổ sung');

      // ── The employer reads the reason, fixes the request and a document, and submits again.
      await page.reload();
      await expect
        .poll(() => page.getByTestId('permit-return-reason').textContent(), WAIT)
        .toContain('Giấy chứng nhận sức khỏe đã quá 12 tháng');
      await page.locator('#jobTitle').fill('Chuyên gia kiểm định chất lượng cà phê đặc sản');
      await upload(page, 'healthCertificate', {
        name: 'Giấy khám sức khỏe 2026.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await page.getByTestId('requirement-healthCertificate').getByText('Giấy khám sức khỏe 2026.pdf').waitFor();
      await page.getByTestId('permit-submit').click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await expect.poll(() => page.getByTestId('permit-status').first().textContent(), WAIT).toBe('Chờ thẩm định');

      // ── The department grants it for the dates the law allows (prefilled).
      await officer.reload();
      await expect.poll(() => officer.getByTestId('permit-status').first().textContent(), WAIT).toBe('Chờ thẩm định');
      expect(await officer.locator('#jobTitle').inputValue()).toBe('Chuyên gia kiểm định chất lượng cà phê đặc sản');
      await officer.getByTestId('permit-approve').click();
      await officer.locator('#validFrom').waitFor();
      expect(await officer.locator('#validFrom').inputValue()).toBe(vnDate(10));
      expect(await officer.locator('#validTo').inputValue()).toBe(vnDate(375));
      await confirmDialog(officer);
      await expect.poll(() => officer.getByTestId('permit-status').first().textContent(), WAIT).toBe('Đã cấp');
      const number = (await officer.getByTestId('permit-number').textContent()) ?? '';
      expect(number).toMatch(/^LĐ-68-\d{4}-\d{6}$/);
    } finally {
      await officerContext.close();
    }

    // ── The employer sees the number and the validity.
    await page.reload();
    await expect.poll(() => page.getByTestId('permit-status').first().textContent(), WAIT).toBe('Đã cấp');
    const number = (await page.getByTestId('permit-number').textContent()) ?? '';
    expect(number).toMatch(/^LĐ-68-\d{4}-\d{6}$/);
    expect(await page.getByTestId('permit-validity').textContent()).toBe(`${vnDate(10)} – ${vnDate(375)}`);
    expect(await page.getByTestId('permit-granted').textContent()).toContain(`Đã cấp giấy phép số ${number}`);
    expect(await page.getByTestId('permit-extend').textContent()).toContain('Đề nghị gia hạn');

    await page.goto(ui.url('/nguoi-lao-dong/giay-phep-lao-dong/danh-sach'));
    const row = page.locator('tr', { hasText: workerName });
    await expect.poll(() => row.textContent(), WAIT).toContain(number);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('employer saves a draft with only the worker chosen, is shown what is missing on submit, then submits it filled in', async () => {
    const { page } = ui;
    const workerName = `Park Ji-hoon ${randomInt(1000, 9999)}`;
    await declareForeignWorker(workerName);
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/nguoi-lao-dong/giay-phep-lao-dong/tao-moi'));

    // Only the worker (its passport prefills): the draft saves, no field is asked for.
    await choose(page, 'workerId', workerName);
    await page.getByTestId('permit-save').click();
    await page.waitForURL(/\/nguoi-lao-dong\/giay-phep-lao-dong\/chinh-sua\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('permit-status').first().textContent(), WAIT).toBe('Nháp');
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
    expect(await page.locator('#jobTitle').inputValue()).toBe('');

    // A value given is still checked when saving a draft.
    await page.locator('#passportNumber').fill('AB');
    await page.getByTestId('permit-save').click();
    await page.locator('#passportNumber_help').getByText('5–20 chữ cái hoặc chữ số').waitFor(WAIT);
    await page.locator('#passportNumber').fill('M55012345');

    // Submitting checks everything: each missing field is marked beside it, the first one brought into view.
    await page.getByTestId('permit-submit').click();
    for (const field of ['position', 'workForm', 'jobTitle', 'workplace', 'period']) {
      await page.locator(`#${field}_help`).getByText('Vui lòng nhập thông tin này').waitFor(WAIT);
    }
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    await expect.poll(() => page.locator('#position').evaluate((el) => el === document.activeElement), WAIT).toBe(true);

    await fillLicense(page, {
      position: 'Lao động kỹ thuật',
      jobTitle: 'Kỹ thuật viên vận hành máy rang',
      fromDay: 20,
      toDay: 200,
    });
    await page.getByTestId('permit-save').click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').count(), WAIT).toBe(0);

    for (const code of [
      'applicationForm',
      'demandApproval',
      'healthCertificate',
      'criminalRecord',
      'qualificationProof',
      'passportCopy',
    ]) {
      await upload(page, code, { name: `${code}.pdf`, mimeType: 'application/pdf', buffer: PDF });
      await page.getByTestId(`requirement-${code}`).getByText(`${code}.pdf`).waitFor();
    }
    await upload(page, 'photos', { name: 'ảnh 4x6.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('requirement-photos').getByText('ảnh 4x6.png').waitFor();
    await page.getByTestId('permit-submit').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => page.getByTestId('permit-status').first().textContent(), WAIT).toBe('Chờ thẩm định');
    expect(await page.locator('#jobTitle').inputValue()).toBe('Kỹ thuật viên vận hành máy rang');
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
