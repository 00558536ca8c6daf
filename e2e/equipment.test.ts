import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../apps/api/test/support/pdf.ts';
import { defaultContextOptions } from './support/browser.ts';
import { DEMO_PASSWORD, useClockPortal } from './support/clock-portal.ts';
import { choose, pickDate, shownDate as shown } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * A forklift's life in the browser: the employer registers it, records its first inspection and declares it;
 * the department confirms; the confirmation PDF carries a QR whose page shows anyone the machine is valid; the
 * portal's clock (a server started with TEST_CLOCK) moves past the due date; both sides then see it overdue and
 * the employer has been reminded 30 and 7 days before and on the day. Its own portal, since it moves the clock.
 */
const { ui, api, setClock } = useClockPortal();
const EMPLOYER = 'dn.caudatxanh';
const OFFICER = 'canbo.so';
const WAIT = { timeout: 15_000 };

function isoDay(
  days: number,
  from = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date()),
): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe('equipment with strict safety requirements', () => {
  it('registers, inspects, declares and confirms a forklift; its QR shows it valid, then overdue once the clock passes its due date', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const name = `Xe nâng hàng Toyota ${tag}`;
    const serial = `8FD25-${tag}`;
    const inspected = isoDay(-5);

    // ── The employer registers the machine in its register (the generic form).
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi/tao-moi'));
    await page.locator('#code').waitFor(WAIT);
    // Dates first: Enter in a date field submits the form, which is not complete yet (no navigation).
    await pickDate(page, 'firstUseDate', isoDay(-10));
    await page.locator('#code').fill(`XN-${tag}`);
    await page.locator('#name').fill(name);
    await choose(page, 'indexEquipmentId', 'Xe nâng hàng', WAIT);
    await page.locator('#serialNumber').fill(serial);
    await page.locator('#manufactureYear').fill('2024');
    await page.locator('#capacity').fill('2,5 tấn');
    await choose(page, 'status', 'Đang sử dụng', WAIT);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/quan-li-thiet-bi/danh-sach'), WAIT);

    // ── Its first inspection, by an accredited inspector of an accredited organisation.
    await page.goto(ui.url('/kiem-dinh-thiet-bi/them-kiem-dinh-thiet-bi'));
    await page.locator('#certificateNumber').waitFor(WAIT);
    await pickDate(page, 'inspectionDate', inspected);
    await page.locator('#certificateNumber').fill(`KD-${tag}/2026`);
    await choose(page, 'equipmentId', name, WAIT);
    await choose(page, 'organizationId', 'Trung tâm Kỹ thuật Tiêu chuẩn Đo lường Chất lượng 3', WAIT);
    await choose(page, 'inspectorId', 'Nguyễn Văn Hùng', WAIT);
    await choose(page, 'kind', 'Lần đầu', WAIT);
    await choose(page, 'result', 'Đạt', WAIT);
    await page.locator('#stampNumber').fill(`TEM-${tag}`);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/kiem-dinh-thiet-bi/danh-sach'), WAIT);

    // ── The declaration, with the certificate filled in for the machine chosen.
    await page.goto(ui.url('/khai-bao-thiet-bi/them-khai-bao-thiet-bi'));
    const picker = page.locator('#declaration-machines');
    await picker.waitFor(WAIT);
    await picker.click();
    await picker.fill(serial);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: serial }).first().click(WAIT);
    await page.getByText(`KD-${tag}/2026`).first().waitFor(WAIT);
    await page.locator('#contactName').fill('Lê Thị Hồng');
    await page.getByTestId('declaration-submit').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Gửi khai báo' }).click();
    await page.waitForURL((url) => url.pathname.includes('/cap-nhat-khai-bao-thiet-bi/'), WAIT);
    const declarationId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByText('Đã gửi, chờ xác nhận').first().waitFor(WAIT);

    // ── The department confirms it from its queue.
    const officer = await ui.browser.newContext(defaultContextOptions);
    const desk = await officer.newPage();
    await signIn(desk, ui.baseUrl, OFFICER, DEMO_PASSWORD);
    const queue = '/an-toan-ve-sinh-lao-dong/quan-li-khai-bao-thiet-bi/danh-sach';
    await desk.goto(ui.url(queue));
    // It waits in the queue, marked with its employer; opened beside the list.
    await desk.getByTestId('declaration-list').locator('tr', { hasText: 'Cầu Đất Xanh' }).first().waitFor(WAIT);
    await desk.goto(ui.url(`${queue}?open=${declarationId}`));
    await desk.getByTestId('declaration-confirm').click(WAIT);
    await desk.locator('.ant-modal-confirm').getByRole('button', { name: 'Xác nhận' }).click();
    await desk.getByText('Đã xác nhận khai báo').first().waitFor(WAIT);

    // ── The confirmation PDF: its number, the machine, and a QR to the public page.
    await desk.goto(ui.url(`${queue}?tab=confirmed&open=${declarationId}`));
    await desk.getByTestId('declaration-pdf').waitFor(WAIT);
    const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByTestId('declaration-pdf').click()]);
    const pdf = await readPdf(readFileSync((await download.path())!));
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('GIẤY XÁC NHẬN KHAI BÁO');
    expect(text).toContain(serial);
    expect(text).toMatch(/\d{4}\/\d{4}\/XNKB/);
    expect(pdf.qrCodes).toHaveLength(1);
    const qr = new URL(pdf.qrCodes[0]!);
    expect(qr.pathname).toMatch(/^\/tra-cuu-thiet-bi\/[A-Z2-9]{10}$/);
    await officer.close();

    // ── Anyone opening the QR sees the machine valid: type, employer, last inspection, valid until.
    const visitor = await ui.browser.newContext(defaultContextOptions);
    const publicPage = await visitor.newPage();
    await publicPage.goto(ui.url(qr.pathname));
    await publicPage.getByText('Còn hạn kiểm định').first().waitFor(WAIT);
    await publicPage.getByText('Cầu Đất Xanh').first().waitFor(WAIT);
    await publicPage.getByText(shown(inspected)).first().waitFor(WAIT);
    const machines = await api<{ pageLists: { id: string; nextDueDate: string; serialNumber: string }[] }>(
      `/api/Equipment/equipments?keyWord=${encodeURIComponent(serial)}`,
      { userName: EMPLOYER },
    );
    const due = machines.pageLists[0]!.nextDueDate;
    expect(due > inspected).toBe(true);
    await publicPage.getByText(shown(due)).first().waitFor(WAIT);

    // ── Time passes: 30 days before, 7 days before, the day, the day after.
    try {
      for (const day of [isoDay(-30, due), isoDay(-7, due), due, isoDay(1, due)]) await setClock(day);

      await publicPage.reload();
      await publicPage.getByText('Quá hạn kiểm định').first().waitFor(WAIT);
      await visitor.close();

      // The employer: three reminders, the overdue task in its workspace, the machine in its overdue list.
      await page.goto(ui.url('/thong-bao/danh-sach'));
      await expect.poll(async () => page.getByText(`số chế tạo ${serial}`).count(), WAIT).toBe(3);
      await page.goto(ui.url('/'));
      const task = page.getByTestId('workspace-task-equipment.overdue');
      await task.waitFor(WAIT);
      await task.click();
      await page.getByText(name).first().waitFor(WAIT);

      // The department: the overdue machines of the province, this one among them.
      const again = await ui.browser.newContext(defaultContextOptions);
      const deskAgain = await again.newPage();
      await signIn(deskAgain, ui.baseUrl, OFFICER, DEMO_PASSWORD);
      await deskAgain.goto(ui.url('/'));
      await deskAgain.getByTestId('workspace-task-equipment.overdue').click(WAIT);
      await deskAgain.getByText(name).first().waitFor(WAIT);
      await again.close();
    } finally {
      await setClock(null);
    }
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
