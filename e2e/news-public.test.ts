import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultContextOptions, useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * What the public comes to the portal for, in the browser: an article written and published with an image,
 * found on /tin-tuc and shared with its Open Graph tags in the served HTML; a question sent without signing in,
 * answered by the department and followed by its code (the answer shows before it is published), then published;
 * a work permit confirmed by its number with the passport, showing no personal data.
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';
const OFFICER = 'canbo.so';
const WAIT = { timeout: 15_000 };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function officerToken(): Promise<string> {
  const login = await fetch(ui.url('/api/Account/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: OFFICER, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

describe('news, suggestion box and public look-ups', () => {
  it('an editor publishes an article with an image: on /tin-tuc, and its page carries the Open Graph tags', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const title = `Hướng dẫn khai báo thiết bị nâng ${tag}`;
    await signIn(page, ui.baseUrl, OFFICER, DEMO_PASSWORD);
    await page.goto(ui.url('/tin-tuc/quan-li-tin-tuc/tao-moi'));
    await page.locator('#title').waitFor(WAIT);
    await page.locator('#title').fill(title);
    await page
      .locator('#summary')
      .fill('Doanh nghiệp khai báo xe nâng, cần trục trong 30 ngày kể từ khi đưa vào sử dụng.');
    const editor = page.locator('.news-editor-content');
    await editor.waitFor(WAIT);
    await editor.click();
    await page.keyboard.type('Máy, thiết bị có yêu cầu nghiêm ngặt phải được kiểm định trước khi đưa vào sử dụng.');
    // An image into the body, through the editor's own upload.
    await page.locator('.news-editor-toolbar input[type=file]').setInputFiles({
      name: 'xe-nang.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await editor.locator('img').waitFor(WAIT);
    await page.getByRole('button', { name: 'Đăng tin' }).click();
    await page.getByText('Đã lưu tin.').first().waitFor(WAIT);
    await page.waitForURL((url) => url.pathname.includes('/tin-tuc/quan-li-tin-tuc/chinh-sua/'), WAIT);
    const id = new URL(page.url()).pathname.split('/').pop()!;

    // The server renders the list and the article with their data: they read before any script runs (here:
    // none at all), and the list's search is an ordinary form.
    const noScript = await ui.browser.newContext({ ...defaultContextOptions, javaScriptEnabled: false });
    const still = await noScript.newPage();
    await still.goto(ui.url('/tin-tuc'));
    expect(await still.getByRole('link', { name: title }).count()).toBeGreaterThan(0);
    await still.getByTestId('news-search').fill(`huong dan khai bao thiet bi nang ${tag.toLowerCase()}`);
    await still.getByTestId('news-search').press('Enter');
    await still.waitForURL((url) => url.searchParams.has('q'), WAIT);
    expect(await still.getByTestId('news-item').count()).toBe(1);
    await still.goto(ui.url(`/chi-tiet-tin-tuc/${id}`));
    expect(await still.getByRole('heading', { level: 1, name: title }).count()).toBe(1);
    expect(await still.locator('.news-body').first().textContent()).toContain('kiểm định trước khi đưa vào sử dụng');
    await noScript.close();

    // The public list and the article, to anyone; the app takes over the rendered page (search, links).
    const visitor = await ui.browser.newContext(defaultContextOptions);
    const reader = await visitor.newPage();
    await reader.goto(ui.url('/tin-tuc'));
    await reader.locator('html[data-started]').waitFor({ ...WAIT, state: 'attached' });
    await reader.getByTestId('news-search').fill(tag.toLowerCase());
    await reader.getByTestId('news-search').press('Enter');
    await reader.waitForURL((url) => url.searchParams.get('q') === tag.toLowerCase(), WAIT);
    await expect.poll(() => reader.getByTestId('news-item').count(), WAIT).toBe(1);
    await reader.getByRole('link', { name: title }).first().click(WAIT);
    await reader.waitForURL((url) => url.pathname === `/chi-tiet-tin-tuc/${id}`, WAIT);
    await reader.getByRole('heading', { name: title }).waitFor(WAIT);
    await reader
      .locator('.news-body img')
      .first()
      .waitFor({ ...WAIT, state: 'attached' });
    // The news section's item on the public home is the same article.
    await reader.goto(ui.url(`/trang-chu/tin-tuc/${id}`));
    await reader.waitForURL((url) => url.pathname === `/chi-tiet-tin-tuc/${id}`, WAIT);
    await visitor.close();

    // A link shared in a chat shows the article: its tags are in the HTML the server sends.
    const html = await (await fetch(ui.url(`/chi-tiet-tin-tuc/${id}`))).text();
    expect(html).toContain(`<meta property="og:title" content="${title}`);
    expect(html).toMatch(/<meta property="og:type" content="article"/);
    expect(html).toMatch(/<meta property="og:description" content="Doanh nghiệp khai báo xe nâng/);
  });

  it('a visitor sends a question without signing in; the department answers and publishes; the visitor finds it by its code', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const question = `Thời hạn kiểm định xe nâng ${tag}`;
    const answer = `Xe nâng hàng được kiểm định định kỳ theo quy trình kiểm định ${tag}.`;
    const visitor = await ui.browser.newContext(defaultContextOptions);
    const page = await visitor.newPage();
    await page.goto(ui.url('/hom-thu-gop-y'));
    await page.locator('#name').fill('Nguyễn Văn Bình');
    await page.locator('#contact').fill('binh.nguyen@example.com');
    await page.locator('#topic').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.locator('#title').fill(question);
    await page.locator('#content').fill('Công ty tôi có 2 xe nâng 3 tấn; xin hỏi bao lâu phải kiểm định lại một lần?');
    await page.getByRole('button', { name: 'Gửi góp ý' }).click();
    // The page first solves the server's proof of work (2^16 hashes on average, more on a busy machine).
    const code = (await page.getByTestId('suggestion-code').textContent({ timeout: 90_000 }))!.trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    // The department answers and publishes it.
    const desk = ui.page;
    await signIn(desk, ui.baseUrl, OFFICER, DEMO_PASSWORD);
    await desk.goto(ui.url('/tin-tuc/hom-thu-gop-y/danh-sach'));
    await desk.getByText(question).first().click(WAIT);
    await desk.getByLabel('Câu trả lời').fill(answer);
    await desk.getByRole('button', { name: 'Lưu câu trả lời' }).click();
    await desk.getByText('Đã lưu câu trả lời').first().waitFor(WAIT);

    // The visitor follows it by its code: answered, not yet published, the answer is there already — never the
    // sender's contact.
    await page.reload();
    await page.locator('#code').fill(code);
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    const followed = page.getByTestId('followed-suggestion');
    await followed.getByText(answer).waitFor(WAIT);
    expect(await followed.textContent()).not.toContain('binh.nguyen@example.com');

    await desk.getByRole('button', { name: 'Công khai', exact: true }).click(WAIT);
    await desk.getByText('Đã công khai').first().waitFor(WAIT);
    // Once published it is among the published questions, without the sender's name.
    await page.reload();
    await page.getByTestId('published-suggestion').filter({ hasText: answer }).first().waitFor(WAIT);
    expect(await page.getByTestId('published-suggestion').filter({ hasText: answer }).textContent()).not.toContain(
      'Nguyễn Văn Bình',
    );
    await visitor.close();
  }, 150_000);

  it('a work permit is confirmed by its number with the passport and shows no personal data', async () => {
    const token = await officerToken();
    const res = await fetch(ui.url('/api/WorkerLicense/workerLicenses?status=approved&pageSize=20'), {
      headers: { authorization: `Bearer ${token}` },
    });
    type Listed = { id: string; number: string | null; passportNumber: string | null };
    const permit = ((await res.json()) as { pageLists: Listed[] }).pageLists.find((p) => p.number && p.passportNumber)!;
    const passport = permit.passportNumber!;
    const detail = (await (
      await fetch(ui.url(`/api/WorkerLicense/worker-license/${permit.id}`), {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { worker?: { birthDate?: string } };

    const visitor = await ui.browser.newContext(defaultContextOptions);
    const page = await visitor.newPage();
    await page.goto(ui.url(`/tra-cuu-giay-phep?so=${encodeURIComponent(permit.number!)}`));
    await page.getByRole('textbox', { name: 'Số hộ chiếu' }).fill(passport);
    await page.getByRole('button', { name: 'Tra cứu' }).click();
    await page.getByTestId('public-permit').getByText(permit.number!).waitFor(WAIT);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain(passport);
    const shown = detail.worker?.birthDate?.split('-').reverse().join('/');
    if (shown) expect(text).not.toContain(shown);
    await visitor.close();
  });
});
