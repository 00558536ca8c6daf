import { randomBytes, randomInt } from 'node:crypto';
import jsqr from 'jsqr';
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
const { ui, api, setClock } = useClockPortal();
// jsQR is CommonJS typed as an ES default export: the function is both `module.exports` and its `.default`.
const jsQR = jsqr.default;
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

describe('job exchange sessions', () => {
  it('an employer takes a stall with its vacancy, a seeker registered on the calendar checks in by QR, the interview is recorded: the results add up', async () => {
    const { page } = ui;
    await setClock(null);
    const fair = { code: `PGD-${tag}`, title: `Phiên giao dịch việc làm thử ${tag}` };
    const person = { fullName: `Đỗ Thị Mai ${tag}`, phone: `09${String(randomInt(10_000_000, 99_999_999))}` };
    const fairVacancy = await api<{ id: string }>('/api/Vacancy/vacancies', {
      method: 'POST',
      userName: EMPLOYER,
      body: {
        code: `TD-F-${tag}`,
        title: `Công nhân thu hoạch ${tag}`,
        businessId: (
          await api<{ value: string }[]>('/api/Bussiness/combobox?keyWord=C%E1%BA%A7u%20%C4%90%E1%BA%A5t', {
            userName: EMPLOYER,
          })
        )[0]!.value,
        occupationId: (
          await api<{ value: string }[]>('/api/TypeOfProfession/get-combobox?keyWord=l%E1%BA%AFp%20r%C3%A1p', {
            userName: EMPLOYER,
          })
        )[0]!.value,
        quantity: 6,
        adminUnitId: '2025:24781',
        postedDate: isoDay(0),
        closingDate: isoDay(20),
      },
    });

    // ── The centre plans an in-person session for today through the spec's `create/{type}`.
    const centre = await ui.browser.newContext(defaultContextOptions);
    const desk = await centre.newPage();
    await signIn(desk, ui.baseUrl, CENTRE, DEMO_PASSWORD);
    await desk.goto(ui.url('/dich-vu-viec-lam/phien-giao-dich-viec-lam/tao-moi/truc-tiep'));
    await desk.locator('#code').waitFor(WAIT);
    await pickDate(desk, 'heldOn', isoDay(0));
    await desk.locator('#code').fill(fair.code);
    await desk.locator('#title').fill(fair.title);
    await desk.locator('#startTime').fill('07:30');
    await desk.locator('#endTime').fill('11:30');
    await desk.locator('#place').fill('Sàn giao dịch việc làm Đà Lạt');
    await desk.getByRole('button', { name: 'Lưu' }).click();
    await desk.waitForURL((url) => !url.pathname.endsWith('/tao-moi/truc-tiep'), WAIT);
    const found = await api<{ pageLists: { id: string; kind: string }[] }>(
      `/api/JobFair/jobFairs?keyWord=${encodeURIComponent(fair.code)}`,
      { userName: CENTRE },
    );
    expect(found.pageLists[0]?.kind).toBe('inPerson');
    const board = `/dich-vu-viec-lam/phien-giao-dich-viec-lam/chi-tiet/${found.pageLists[0]!.id}`;

    // ── The employer opens the session and takes a stall with its open vacancy.
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url(board));
    await page.getByTestId('fair-stall-register').click(WAIT);
    await choose(page, 'fair-stall-vacancyIds', `TD-F-${tag}`, WAIT);
    await page.keyboard.press('Escape');
    await page.locator('#fair-stall-contactPhone').fill('0263 3821 456');
    await page.getByTestId('fair-stall-ok').click();
    await page
      .getByTestId('fair-stalls')
      .locator('tr', { hasText: EMPLOYER_NAME })
      .getByText('Gian của doanh nghiệp')
      .waitFor(WAIT);

    // ── Signed out, a job seeker finds the session on the calendar, with the stall, and registers.
    const visitor = await ui.browser.newContext(defaultContextOptions);
    const home = await visitor.newPage();
    await home.goto(ui.url('/marvel'));
    const card = home.getByTestId('fair-card').filter({ hasText: fair.title });
    await card.getByText(EMPLOYER_NAME).waitFor(WAIT);
    await card.getByTestId('fair-register').click();
    await home.locator('#fair-fullName').fill(person.fullName);
    await home.locator('#fair-phone').fill(person.phone);
    await home.getByTestId('fair-register-ok').click();
    const code = home.getByTestId('fair-ticket-code');
    await code.waitFor(WAIT);
    const ticket = (await code.innerText()).trim();
    expect(ticket).toMatch(/^[A-Z2-9]{8}$/);
    // What the door scans: the QR image itself, read back.
    const pixels = await home
      .getByTestId('fair-ticket')
      .locator('img')
      .evaluate((img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const g = canvas.getContext('2d')!;
        g.drawImage(img, 0, 0);
        return {
          data: Array.from(g.getImageData(0, 0, canvas.width, canvas.height).data),
          width: canvas.width,
          height: canvas.height,
        };
      });
    const scanned = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? '';
    const address = new URL(scanned);
    expect(address.pathname).toBe('/meet');
    expect(address.searchParams.get('ve')).toBe(ticket);
    await visitor.close();

    // ── At the door, the centre's phone opens the scanned address: the holder is checked in.
    await desk.goto(ui.url(`${address.pathname}${address.search}`));
    const result = desk.getByTestId('fair-checkin-result');
    await result.getByText(`${person.fullName} đã vào phiên`).waitFor(WAIT);
    // A second scan (the hand scanner types the address) says it was done.
    await desk.getByTestId('fair-checkin-input').fill(scanned);
    await desk.keyboard.press('Enter');
    await result.getByText('quét lại').waitFor(WAIT);

    // ── At the stall, the employer records the interview by the ticket: hired.
    await page.reload();
    await page.getByTestId('fair-tab-interviews').click(WAIT);
    await page.locator('#fair-interview-ticket').fill(ticket.toLowerCase());
    await choose(page, 'fair-interview-vacancyId', `Công nhân thu hoạch ${tag}`, WAIT);
    await choose(page, 'fair-interview-outcome', 'Nhận việc', WAIT);
    await page.getByTestId('fair-interview-submit').click();
    await page
      .getByTestId('fair-interviews')
      .locator('tr', { hasText: person.fullName })
      .getByText('Nhận việc')
      .waitFor(WAIT);

    // ── The results add up, on the centre's page and in the API.
    await desk.goto(ui.url(board));
    const results = desk.getByTestId('fair-results');
    await results.waitFor(WAIT);
    const shown = async (name: string) =>
      (await desk.getByTestId(`fair-result-${name}`).locator('.ant-statistic-content-value').innerText()).trim();
    expect(await shown('employers')).toBe('1');
    expect(await shown('positions')).toBe('6');
    expect(await shown('seekersRegistered')).toBe('1');
    expect(await shown('seekersCheckedIn')).toBe('1');
    expect(await shown('interviews')).toBe('1');
    expect(await shown('hires')).toBe('1');
    const totals = await api<{ results: Record<string, number> }>(
      `/api/JobFair/jobFairs/${found.pageLists[0]!.id}/board`,
      {
        userName: CENTRE,
      },
    );
    expect(totals.results).toMatchObject({ employers: 1, vacancies: 1, positions: 6, seekersCheckedIn: 1, hires: 1 });
    expect(fairVacancy.id).toMatch(/^[0-9a-f-]{36}$/);
    await centre.close();
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
