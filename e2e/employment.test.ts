import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeCitizenId } from '@portal/domain/workers/citizen-id';
import { defaultContextOptions } from './support/browser.ts';
import { DEMO_PASSWORD, useClockPortal } from './support/clock-portal.ts';
import { choose, pickDate, settled } from './support/forms.ts';
import { signIn } from './support/session.ts';

/**
 * Employment services in the browser: an employer posts a vacancy through the vacancy form; the service centre
 * registers a job seeker of the same occupation and commune who agrees to share the profile; the seeker's
 * "Việc làm phù hợp" page shows the vacancy with why (same occupation, same commune), and the employer finds the
 * seeker among the vacancy's candidates; signed out, the public board lists the vacancy, found by a keyword typed
 * without accents, with nothing about the seeker. The centre then refers the seeker from the matches page, the
 * employer answers "hired", and once the portal's clock (a server started with TEST_CLOCK) has moved three months on
 * the placement's follow-up is due. Demo accounts of the test portal; no demo row is relied on.
 */
const { ui, setClock } = useClockPortal();
const EMPLOYER = 'dn.caudatxanh';
const EMPLOYER_NAME = 'Công ty TNHH Cà phê Cầu Đất Xanh';
const CENTRE = 'ttdvvl';
/** An occupation the demo's vacancies do not use (VSCO 82), and a commune of the demo province. */
const OCCUPATION = 'Thợ lắp ráp';
const WARD = 'Xuân Hương';
const WAIT = { timeout: 15_000 };
const REFERRALS = '/dich-vu-viec-lam/gioi-thieu-viec-lam/danh-sach';
/** The seeker's matches page, found by the first test. */
let matchesPath = '';

/** A calendar day `days` from today in Vietnam (ISO). */
function isoDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const tag = randomBytes(3).toString('hex').toUpperCase();
const vacancy = { code: `TD-${tag}`, title: `Thợ lắp ráp khung nhà kính ${tag}` };
const seeker = {
  code: `TV-${tag}`,
  fullName: `Phạm Văn Lộc ${tag}`,
  citizenId: makeCitizenId('068', '1996-03-14', 'male', randomInt(100_000, 999_999)),
};

describe('employment services', () => {
  it("a vacancy and a seeker of the same occupation and commune: each shows on the other's matches, with why", async () => {
    const { page } = ui;

    // ── The employer posts its vacancy through the vacancy form.
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url('/dich-vu-viec-lam/nhu-cau-tuyen-dung/tao-moi'));
    await page.locator('#code').waitFor(WAIT);
    // Dates first: Enter in a date field submits the form, which is not complete yet.
    await pickDate(page, 'postedDate', isoDay(0));
    await pickDate(page, 'closingDate', isoDay(30));
    await page.locator('#code').fill(vacancy.code);
    await page.locator('#title').fill(vacancy.title);
    await choose(page, 'businessId', 'Cầu Đất Xanh', WAIT);
    await choose(page, 'occupationId', OCCUPATION, WAIT);
    await page.locator('#quantity').fill('4');
    await choose(page, 'adminUnitId', WARD, WAIT);
    await page.locator('#payFrom').fill('8000000');
    await page.locator('#payTo').fill('12000000');
    await choose(page, 'contractKind', 'Thời vụ', WAIT);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === '/dich-vu-viec-lam/nhu-cau-tuyen-dung/danh-sach', WAIT);

    // ── The service centre registers a job seeker who fits, and who agrees to share the profile.
    const centre = await ui.browser.newContext(defaultContextOptions);
    const desk = await centre.newPage();
    await signIn(desk, ui.baseUrl, CENTRE, DEMO_PASSWORD);
    await desk.goto(ui.url('/dich-vu-viec-lam/dang-ky-tim-viec/tao-moi'));
    await desk.locator('#code').waitFor(WAIT);
    await pickDate(desk, 'birthDate', '1996-03-14');
    await pickDate(desk, 'registeredDate', isoDay(0));
    await desk.locator('#code').fill(seeker.code);
    await desk.locator('#fullName').fill(seeker.fullName);
    await desk.locator('#citizenId').fill(seeker.citizenId);
    await choose(desk, 'adminUnitId', WARD, WAIT);
    await choose(desk, 'occupationId', OCCUPATION, WAIT);
    await desk.locator('#desiredPay').fill('9000000');
    await desk.locator('#consentToShare').click();
    await desk.getByRole('button', { name: 'Lưu' }).click();
    await desk.waitForURL((url) => url.pathname === '/dich-vu-viec-lam/dang-ky-tim-viec/danh-sach', WAIT);

    // ── From the seeker's row, "Việc làm phù hợp": the vacancy, with why it matched.
    await desk.goto(ui.url(`/dich-vu-viec-lam/dang-ky-tim-viec/danh-sach?q=${encodeURIComponent(seeker.code)}`));
    await desk.getByRole('link', { name: seeker.fullName }).waitFor(WAIT);
    await settled(desk);
    await desk.getByTestId('row-link-seekerMatches').first().click();
    await desk.waitForURL((url) => url.pathname.includes('/dang-ky-tim-viec/viec-lam-phu-hop/'), WAIT);
    await desk.getByTestId('match-subject').getByText(seeker.fullName).waitFor(WAIT);
    const row = desk.getByTestId('match-results').locator('tr', { hasText: vacancy.title });
    await row.waitFor(WAIT);
    expect(await row.getByTestId('reason-occupation').innerText()).toContain(`Cùng nghề: ${OCCUPATION}`);
    expect(await row.getByTestId('reason-distance').innerText()).toContain(`Cùng xã, phường: Phường ${WARD}`);
    expect(await row.getByTestId('reason-occupation').innerText()).toContain('40/40 điểm');
    // The pay fits: 9.000.000 đ wished, up to 12.000.000 đ paid, written as Vietnamese reads amounts.
    expect(await row.getByTestId('reason-pay').innerText()).toContain('mong muốn 9.000.000 đ, trả đến 12.000.000 đ');
    expect(await row.innerText()).toContain(EMPLOYER_NAME);
    expect(ui.unexpectedErrors()).toEqual([]);
    matchesPath = new URL(desk.url()).pathname;
    await centre.close();

    // ── The employer finds the seeker (who agreed to share) among the vacancy's candidates; no citizen ID shown.
    await page.goto(ui.url(`/dich-vu-viec-lam/nhu-cau-tuyen-dung/danh-sach?q=${encodeURIComponent(vacancy.code)}`));
    await page.getByRole('link', { name: vacancy.title }).waitFor(WAIT);
    await settled(page);
    await page.getByTestId('row-link-vacancyMatches').first().click();
    await page.waitForURL((url) => url.pathname.includes('/nhu-cau-tuyen-dung/ung-vien-phu-hop/'), WAIT);
    const candidate = page.getByTestId('match-results').locator('tr', { hasText: seeker.fullName });
    await candidate.waitFor(WAIT);
    expect(await candidate.getByTestId('reason-occupation').innerText()).toContain(`Cùng nghề: ${OCCUPATION}`);
    expect(await page.locator('main').innerText()).not.toContain(seeker.citizenId);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('the public board lists the vacancy, found without accents and by commune, with no personal data', async () => {
    const { page } = ui;
    await page.goto(ui.url('/tra-cuu-viec-lam'));
    await expect.poll(() => page.title(), WAIT).toContain('Tra cứu việc làm');
    const search = page.getByPlaceholder('Tìm theo vị trí, nghề, doanh nghiệp (không cần dấu)');
    await search.fill(`tho lap rap khung nha kinh ${tag.toLowerCase()}`);
    await search.press('Enter');
    // The first page lists the newest vacancies before the search answers: wait for the one match.
    await expect.poll(() => page.getByTestId('public-vacancy').count(), WAIT).toBe(1);
    const item = page.getByTestId('public-vacancy').filter({ hasText: vacancy.title });
    await item.waitFor(WAIT);
    const text = await item.innerText();
    expect(text).toContain(EMPLOYER_NAME);
    expect(text).toContain(OCCUPATION);
    expect(text).toContain(`Phường ${WARD}`);
    expect(text).toContain('8.000.000 – 12.000.000 đ');
    expect(text).toContain('Thời vụ');
    const main = await page.locator('main').innerText();
    expect(main).not.toContain(seeker.fullName);
    expect(main).not.toContain(seeker.citizenId);

    // The occupation filter: the occupations open vacancies ask for, with how many; this one keeps the vacancy.
    const occupation = page.getByRole('combobox', { name: 'Nghề hoặc nhóm nghề' });
    await occupation.click();
    await occupation.fill('tho lap rap');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: new RegExp(`^${OCCUPATION} \\(\\d+\\)$`),
      })
      .first()
      .click(WAIT);
    await expect
      .poll(() => page.getByTestId('public-vacancy').filter({ hasText: vacancy.title }).count(), WAIT)
      .toBe(1);

    // Another commune: nothing matches, and the page says so.
    const commune = page.getByRole('combobox', { name: 'Xã, phường nơi làm việc' });
    await commune.click();
    await commune.fill('lam vien');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Lâm Viên' }).first().click();
    await page.getByText('Không có vị trí tuyển dụng nào khớp').waitFor(WAIT);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it("the public home's look-up section links the board", async () => {
    const { page } = ui;
    await page.goto(ui.url('/trang-chu/tra-cuu'));
    await page.locator('a.home-card[href="/tra-cuu-viec-lam"]').click(WAIT);
    await page.waitForURL((url) => url.pathname === '/tra-cuu-viec-lam', WAIT);
    await page.getByRole('heading', { level: 1, name: 'Tra cứu việc làm' }).waitFor(WAIT);
  });

  it('the centre refers the seeker, the employer hires, and three months on the follow-up is due', async () => {
    const { page } = ui;
    expect(matchesPath).not.toBe('');
    // ── The centre refers the seeker from the matches page, with a note for the employer.
    const centre = await ui.browser.newContext(defaultContextOptions);
    const desk = await centre.newPage();
    await signIn(desk, ui.baseUrl, CENTRE, DEMO_PASSWORD);
    await desk.goto(ui.url(matchesPath));
    const row = desk.getByTestId('match-results').locator('tr', { hasText: vacancy.title });
    await row.getByTestId('refer-button').click(WAIT);
    const dialog = desk.getByRole('dialog', { name: 'Giới thiệu việc làm' });
    await dialog.locator('textarea').fill('Đã trao đổi, người lao động sẵn sàng đi làm ngay.');
    await dialog.getByRole('button', { name: 'Giới thiệu' }).click();
    const made = row.getByTestId('referral-made');
    await made.waitFor(WAIT);
    const href = await made.getByRole('link').getAttribute('href');
    const referralId = new URL(href ?? '', ui.baseUrl).searchParams.get('id') ?? '';
    expect(referralId).toMatch(/^[0-9a-f-]{36}$/);

    // ── The employer opens its referrals waiting for an answer and marks the seeker hired today.
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url(`${REFERRALS}?waiting=true`));
    const waiting = page.getByTestId('referral-list').locator('tr', { hasText: seeker.fullName });
    await waiting.waitFor(WAIT);
    await settled(page);
    await waiting.getByTestId('referral-hire').click();
    const hire = page.getByRole('dialog', { name: 'Xác nhận đã tuyển dụng' });
    await hire.waitFor(WAIT);
    expect(await hire.locator('#referral-hiredDate').inputValue()).toBe(isoDay(0).split('-').reverse().join('/'));
    await hire.getByRole('button', { name: 'Tuyển dụng' }).click();
    await hire.waitFor({ state: 'detached', ...WAIT });
    // Answered: no longer waiting.
    await waiting.waitFor({ state: 'detached', ...WAIT });

    // ── The centre opens the referral (the notifications' link) and sees it hired, with its history.
    await desk.goto(ui.url(`${REFERRALS}?id=${referralId}`));
    const drawer = desk.getByTestId('referral-drawer');
    await drawer.locator('[data-testid="referral-status"][data-status="hired"]').waitFor(WAIT);
    expect(await drawer.innerText()).toContain(vacancy.title);
    await drawer.getByTestId('referral-history').waitFor(WAIT);

    // ── From the seeker's row, "Lịch sử giới thiệu": the seeker's referrals, this one hired.
    await desk.goto(ui.url(`/dich-vu-viec-lam/dang-ky-tim-viec/danh-sach?q=${encodeURIComponent(seeker.code)}`));
    await desk.getByRole('link', { name: seeker.fullName }).waitFor(WAIT);
    await settled(desk);
    await desk.getByTestId('row-link-seekerReferrals').first().click();
    await desk.waitForURL((url) => url.pathname.includes('/gioi-thieu-viec-lam/user/'), WAIT);
    await desk.getByTestId('referral-seeker-heading').getByText(seeker.fullName).waitFor(WAIT);
    const history = desk.getByTestId('referral-list').locator('tr', { hasText: vacancy.title });
    await history.locator('[data-testid="referral-status"][data-status="hired"]').waitFor(WAIT);

    // ── Three months on, the placement's follow-up is due on the centre's list (last: the vacancy has closed by then).
    try {
      await setClock(isoDay(95));
      await desk.goto(ui.url(`${REFERRALS}?followUpDue=true`));
      const due = desk.getByTestId('referral-list').locator('tr', { hasText: seeker.fullName });
      await due.getByTestId('referral-follow-up').waitFor(WAIT);
    } finally {
      await setClock(null);
    }
    await centre.close();
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
