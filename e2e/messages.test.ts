import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * Mail between the demo accounts in the browser: the employer writes to the department officer with an
 * attachment (labelled for itself), the officer is told of it at once by the 60-second pop-up, sees it in the
 * header's preview, opens it and downloads the attachment; the employer finds its copy under the label; an unknown label is the 404 page.
 */
const ui = useBrowser();

const DEMO_PASSWORD = 'Demo@2026';
const EMPLOYER = 'dn.caudatxanh';
const OFFICER = 'canbo.so';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const WAIT = { timeout: 15_000 };

async function compose(page: Page, subject: string, fileName: string): Promise<void> {
  await page.getByTestId('mail-compose').click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor(WAIT);
  // The picker offers only people the employer may write to, found without accents.
  await dialog.getByTestId('mail-recipients').click();
  await page.keyboard.type('nguyen thi lan');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Nguyễn Thị Lan' })
    .first()
    .click(WAIT);
  await page.keyboard.press('Escape');
  await dialog.getByTestId('mail-subject').fill(subject);
  await dialog
    .getByTestId('mail-body')
    .fill('Kính gửi Sở,\nCông ty gửi kèm biên bản tự kiểm tra an toàn lao động tháng 11.');
  await dialog.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  // Uploaded, with its progress shown to the end.
  await dialog.getByTestId('mail-attachment').locator('.ant-progress-status-success').waitFor(WAIT);
  await dialog.locator('.ant-form-item', { hasText: 'Nhãn cho thư đã gửi' }).locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Quan trọng' }).click();
  await dialog.getByTestId('mail-send').click();
  await page.getByText('Đã gửi tin nhắn').waitFor(WAIT);
  await dialog.waitFor({ state: 'hidden', ...WAIT });
}

describe('messages', () => {
  it('employer writes to the department with an attachment → the officer opens it and downloads the file', async () => {
    const { page } = ui;
    const subject = `Biên bản tự kiểm tra tháng 11 số ${randomInt(1000, 9999)}`;
    const fileName = 'Biên bản tự kiểm tra.pdf';

    // The officer is signed in elsewhere, on the inbox.
    const officerContext = await ui.browser.newContext(defaultContextOptions);
    try {
      const officer = await officerContext.newPage();
      await signIn(officer, ui.baseUrl, OFFICER, DEMO_PASSWORD);
      await officer.goto(ui.url('/tin-nhan'));
      await officer.getByTestId('mail-list').waitFor(WAIT);

      await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
      await page.goto(ui.url('/tin-nhan'));
      await compose(page, subject, fileName);

      // The officer is told at once: the hub pushes the pop-up, which stays longer than the 5-second
      // notifications (60 s).
      const popUp = officer.locator('.mail-popup', { hasText: subject });
      await popUp.waitFor(WAIT);
      await popUp.getByText('Tin nhắn mới từ Lê Thị Hồng').waitFor();
      await officer.waitForTimeout(6_000);
      expect(await popUp.isVisible()).toBe(true);
      // Opening it from the pop-up shows the text and the attachment (and closes the pop-up).
      await popUp.click();
      await officer.waitForURL((url) => url.pathname === '/apps-email' && url.searchParams.has('idMail'), WAIT);
      const detail = officer.getByTestId('mail-detail');
      await detail.getByText(subject).waitFor(WAIT);
      await detail.getByText('Công ty gửi kèm biên bản tự kiểm tra an toàn lao động tháng 11.').waitFor();
      const link = detail.getByRole('link', { name: `Tải xuống ${fileName}` });
      const [download] = await Promise.all([officer.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(fileName);
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
      await popUp.waitFor({ state: 'hidden' });
      // The header's preview lists it among the latest, read now.
      await officer.getByTestId('mail-preview-open').click();
      await officer
        .getByTestId('mail-preview-line')
        .filter({ hasText: subject })
        .and(officer.locator(':not(.is-unread)'))
        .waitFor(WAIT);

      // The employer's copy is under the label it chose.
      await page.goto(ui.url('/message/label/important'));
      await page.getByTestId('mail-list').getByText(subject).waitFor(WAIT);
      // Another label does not list it.
      await page.goto(ui.url('/message/label/personal'));
      await page.getByTestId('mail-list').waitFor(WAIT);
      expect(await page.getByTestId('mail-list').getByText(subject).count()).toBe(0);
    } finally {
      await officerContext.close();
    }
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('a double click on "Gửi" sends one message, its second half landing on the closing window included', async () => {
    const { page } = ui;
    const subject = `Hỏi về hồ sơ huấn luyện số ${randomInt(1000, 9999)}`;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/Message/send-email')) sent.push(r.url());
    });
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/tin-nhan'));
    await page.getByTestId('mail-compose').click(WAIT);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('mail-recipients').click(WAIT);
    await page.keyboard.type('nguyen thi lan');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Nguyễn Thị Lan' })
      .first()
      .click(WAIT);
    await page.keyboard.press('Escape');
    await dialog.getByTestId('mail-subject').fill(subject);
    await dialog.getByTestId('mail-body').fill('Kính gửi Sở, công ty xin hỏi về hồ sơ huấn luyện nhóm 1.');
    const button = dialog.getByTestId('mail-send');
    await button.dblclick();
    await page.getByText('Đã gửi tin nhắn').first().waitFor(WAIT);
    // A slow double click: its second click comes after the answer, on the window still closing.
    await button
      .evaluate((b) => (b as HTMLButtonElement).click(), undefined, { timeout: 1_000 })
      .catch(() => undefined);
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    expect(sent).toHaveLength(1);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('an unknown label is the 404 page', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/message/label/other'));
    await page.waitForURL((url) => url.pathname === '/error-404', WAIT);
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor(WAIT);
  });
});
