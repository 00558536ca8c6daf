import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../apps/api/test/support/pdf.ts';
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { startPortal, type Portal } from './support/portal.ts';
import { choose } from './support/forms.ts';
import { apiToken, signIn } from './support/session.ts';

/**
 * A fatal accident in the browser: the employer declares it and gets its receipt number and PDF at once; the
 * department and the commune of the place find the statutory notification; the department opens the
 * investigation, due 30 days after the notification; the employer amends the declaration and the history shows
 * both versions with what changed.
 */
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
}, 120_000);
afterAll(async () => portal?.stop());

const ui = useBrowser({ baseUrl: () => portal.baseUrl });
const DEMO_PASSWORD = 'Demo@2026';
const EMPLOYER = 'dn.caudatxanh';
const OFFICER = 'canbo.so';
const COMMUNE = 'canbo.xuanhuong';
const WAIT = { timeout: 15_000 };

const todayInVietnam = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
const isoDay = (days: number) => {
  const d = new Date(`${todayInVietnam()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const shown = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe('workplace accidents', () => {
  it('declares a fatal accident, routes it, investigates it within 30 days, and keeps both versions of an amendment', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const place = `Mái kho sấy cà phê, lô ${tag}`;

    // ── The employer declares: one worker died falling from a roof.
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/tao-moi'));
    await page.locator('#place').waitFor(WAIT);
    // Two hours ago in Vietnam, date and time of the same instant (shortly after midnight that is yesterday).
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const inVietnam = (o: Intl.DateTimeFormatOptions, locale: string) =>
      new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Ho_Chi_Minh', ...o }).format(twoHoursAgo);
    const day = inVietnam({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');
    const time = inVietnam({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, 'en-GB');
    await page.locator('#occurredAt').fill(`${shown(day)} ${time}`);
    await page.keyboard.press('Enter');
    await choose(page, 'wardId', 'Xuân Hương', WAIT);
    await page.locator('#place').fill(place);
    await page
      .locator('#description')
      .fill('Người lao động bước lên tấm tôn lấy sáng bị vỡ, rơi từ độ cao khoảng 7 m xuống nền bê tông.');
    await page.locator('#victims_0_fullName').fill(`Nguyễn Văn Tâm ${tag}`);
    await page.locator('#victims_0_birthYear').fill('1987');
    await choose(page, 'victims_0_severity', 'Tử vong', WAIT);
    await page.locator('#victims_0_bodyPart').fill('Đầu');
    await page.locator('#victims_0_medicalCost').fill('8500000');
    await choose(page, 'accidentReasonId', 'NN02', WAIT);
    await choose(page, 'injuryElementId', 'YT02', WAIT);
    await page.getByTestId('accident-class').getByText('Chết người').first().waitFor(WAIT);
    await page.getByTestId('accident-save').click();

    // At once: the receipt number on the declaration's page, routed to the department, commune and police.
    await page.waitForURL((url) => url.pathname.includes('/khai-bao-tai-nan-lao-dong/chinh-sua/'), WAIT);
    const accidentId = new URL(page.url()).pathname.split('/').pop()!;
    const code = (await page.getByTestId('accident-code').textContent(WAIT))!.trim();
    expect(code).toMatch(/^\d{4}\/\d{4}\/TNLĐ$/u);
    const routings = page.getByTestId('accident-routings');
    await routings.getByText('Sở Nội vụ').first().waitFor(WAIT);
    await routings.getByText('Công an cấp xã nơi xảy ra').first().waitFor(WAIT);
    await routings.getByText('UBND cấp xã nơi xảy ra').first().waitFor(WAIT);

    // The receipt PDF, with the number and the victim.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('accident-receipt').click()]);
    const pdf = await readPdf(readFileSync((await download.path())!));
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('PHIẾU TIẾP NHẬN THÔNG BÁO TAI NẠN LAO ĐỘNG');
    expect(text).toContain(code);
    expect(text).toContain(`Nguyễn Văn Tâm ${tag}`);
    expect(text).toContain('Chết người');

    // ── The department and the commune find the statutory notification.
    const officer = await ui.browser.newContext(defaultContextOptions);
    const desk = await officer.newPage();
    await signIn(desk, ui.baseUrl, OFFICER, DEMO_PASSWORD);
    await desk.goto(ui.url('/thong-bao/danh-sach'));
    await desk.getByText(`Tai nạn lao động số ${code}`).first().waitFor(WAIT);
    const communeContext = await ui.browser.newContext(defaultContextOptions);
    const commune = await communeContext.newPage();
    await signIn(commune, ui.baseUrl, COMMUNE, DEMO_PASSWORD);
    await commune.goto(ui.url('/thong-bao/danh-sach'));
    await commune.getByText(`Tai nạn lao động số ${code}`).first().waitFor(WAIT);
    await communeContext.close();

    // ── The department opens the investigation from the declaration: due 30 days after the notification.
    await desk.goto(ui.url(`/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/chinh-sua/${accidentId}`));
    await desk.getByTestId('accident-investigate').click(WAIT);
    await desk.waitForURL((url) => url.pathname.endsWith('/quan-li-tai-nan-lao-dong/tao-moi'), WAIT);
    await desk.getByText(place).first().waitFor(WAIT);
    await desk.getByTestId('investigation-open').click();
    await desk.waitForURL((url) => url.pathname.includes('/quan-li-tai-nan-lao-dong/chinh-sua/'), WAIT);
    expect((await desk.getByTestId('investigation-days').textContent(WAIT))!.trim()).toBe('30');
    expect((await desk.getByTestId('investigation-due').textContent(WAIT))!.trim()).toBe(shown(isoDay(30)));
    await desk.goto(ui.url('/an-toan-ve-sinh-lao-dong/quan-li-tai-nan-lao-dong/danh-sach'));
    await desk.getByTestId('investigation-list').getByText(code).first().waitFor(WAIT);

    // ── The employer amends: the victim's medical costs, with the reason; the history shows both versions.
    await page.reload();
    await page.locator('#victims_0_medicalCost').waitFor(WAIT);
    await page.locator('#victims_0_medicalCost').fill('11700000');
    await page.locator('#reason').fill('Bổ sung chi phí cấp cứu theo hóa đơn của bệnh viện');
    await page.getByTestId('accident-save').click();
    const history = page.getByTestId('accident-history');
    await history.getByTestId('version-2').waitFor(WAIT);
    await history.getByTestId('version-1').waitFor(WAIT);
    await history.getByText('Bổ sung chi phí cấp cứu theo hóa đơn của bệnh viện').first().waitFor(WAIT);
    await history.getByText('11.700.000').first().waitFor(WAIT);
    await history.getByText('8.500.000').first().waitFor(WAIT);

    // The department sees the same history on its side.
    await desk.goto(ui.url(`/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/chinh-sua/${accidentId}`));
    await desk.getByTestId('accident-history').getByTestId('version-2').waitFor(WAIT);
    await desk.getByTestId('accident-status').getByText('Đang điều tra').waitFor(WAIT);
    await officer.close();
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('a future accident time stays in its field with the reason; Enter there confirms the date, never submits', async () => {
    const { page } = ui;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/Accident/add-accident')) sent.push(r.url());
    });
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/tao-moi'));
    await page.locator('#place').waitFor(WAIT);
    const typed = `${shown(isoDay(1))} 09:30`;
    await page.locator('#occurredAt').fill(typed);
    await page.keyboard.press('Enter');
    const field = page.locator('.ant-form-item', { has: page.locator('#occurredAt') });
    await field.locator('.ant-form-item-explain-error', { hasText: 'chưa tới' }).waitFor(WAIT);
    expect(await page.locator('#occurredAt').inputValue()).toBe(typed);
    // The form was not submitted: no other field was checked, nothing was sent.
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(1);
    expect(sent).toEqual([]);
  });

  it('a double click on "Gửi khai báo" sends once and makes one declaration with one receipt number', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const place = `Băng tải đóng gói, dây chuyền ${tag}`;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/Accident/add-accident')) sent.push(r.url());
    });

    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/tao-moi'));
    await page.locator('#place').waitFor(WAIT);
    const yesterday = isoDay(-1);
    await page.locator('#occurredAt').fill(`${shown(yesterday)} 09:30`);
    await page.keyboard.press('Enter');
    await choose(page, 'wardId', 'Xuân Hương', WAIT);
    await page.locator('#place').fill(place);
    await page.locator('#description').fill('Người lao động bị kẹt tay vào băng tải khi vệ sinh máy đang chạy.');
    await page.locator('#victims_0_fullName').fill(`Trần Văn Bảo ${tag}`);
    await page.locator('#victims_0_birthYear').fill('1992');
    await choose(page, 'victims_0_severity', 'Bị thương nhẹ', WAIT);
    await page.locator('#victims_0_bodyPart').fill('Tay phải');
    await choose(page, 'accidentReasonId', 'NN02', WAIT);
    await choose(page, 'injuryElementId', 'YT02', WAIT);
    await page.getByTestId('accident-save').dblclick();

    await page.waitForURL((url) => url.pathname.includes('/khai-bao-tai-nan-lao-dong/chinh-sua/'), WAIT);
    const code = (await page.getByTestId('accident-code').textContent(WAIT))!.trim();
    expect(code).toMatch(/^\d{4}\/\d{4}\/TNLĐ$/u);
    expect(sent).toHaveLength(1);

    const token = await apiToken(ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    const res = await fetch(ui.url(`/api/Accident/accidents?keyWord=${encodeURIComponent(tag)}&pageSize=20`), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const found = (await res.json()) as { pageLists: { code: string }[]; totalRecord: number };
    expect(found.totalRecord).toBe(1);
    expect(found.pageLists.map((a) => a.code)).toEqual([code]);
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
