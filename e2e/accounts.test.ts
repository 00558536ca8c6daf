import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { generate } from 'otplib';
import type { Page, Request } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD, startPortal, type Portal } from './support/portal.ts';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../apps/api/test/support/smtp.ts';

/**
 * Identity in the browser, against a portal of its own that sends mail over real SMTP to a receiver on
 * loopback: registration → activation mail → activation → sign-in → two-factor enrolment → sign-out → sign-in
 * with a TOTP code; transparent token refresh with requests in flight; the route guard and the API refusing a
 * user without the feature.
 */

let smtp: SmtpReceiver;
let portal: Portal;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  portal = await startPortal({ SMTP_URL: smtp.url });
}, 180_000);
afterAll(async () => {
  await portal?.stop();
  await smtp?.close();
});

const ui = useBrowser({ baseUrl: () => portal.baseUrl });
const DEMO_PASSWORD = 'Demo@2026';

async function signInWithForm(page: Page, userName: string, password: string): Promise<void> {
  await page.getByTestId('login-user').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A code the authenticator app shows `steps` periods from now. */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('an employer from registration to two-factor sign-in', () => {
  it('registers, activates from the mail, signs in, enrols 2FA, signs out and back in with a TOTP code', async () => {
    const { page } = ui;
    const suffix = Date.now().toString().slice(-6);
    const taxCode = `58${suffix}7${suffix.slice(0, 1)}`.slice(0, 10);
    const email = `ketoan.${suffix}@caphedalat.example`;
    const userName = `cp_dalat_${suffix}`;
    const password = 'CaPhe@Dalat2026';

    // Registration.
    await page.goto(ui.url('/dang-ki'));
    await page.getByRole('heading', { name: 'Đăng ký tài khoản doanh nghiệp' }).waitFor();
    await page.getByTestId('register-tax-code').fill(taxCode);
    await page.getByTestId('register-business-name').fill(`Công ty TNHH Cà phê Đà Lạt ${suffix}`);
    await page.getByTestId('register-ward').click();
    await page.keyboard.type('Xuan Huong');
    await page.locator('.ant-select-item-option', { hasText: 'Phường Xuân Hương - Đà Lạt' }).click();
    await page.getByTestId('register-address').fill('25 Nguyễn Chí Thanh, Đà Lạt');
    await page.getByTestId('register-full-name').fill('Phạm Thị Mai');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-user-name').fill(userName);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-confirm').fill(password);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-done').waitFor();
    expect(await page.getByTestId('register-done').textContent()).toContain(email);

    // The account waits for its activation.
    await page.goto(ui.url('/dang-nhap'));
    await signInWithForm(page, userName, password);
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').textContent()).toContain('chưa được kích hoạt');

    // The activation mail arrives over SMTP; its link activates the account.
    const mail = await smtp.waitFor(email, 30_000);
    expect(mail.subject).toContain('Kích hoạt tài khoản');
    const link = linkIn(mail, '/kich-hoat-tai-khoan/dang-ky');
    await page.goto(ui.url(link.pathname + link.search));
    await page.getByTestId('activation-done').waitFor();
    expect(await page.getByTestId('activation-done').textContent()).toContain('đã được kích hoạt');

    // Sign-in: an employer (client role) lands on its workspace.
    await page.goto(ui.url('/dang-nhap'));
    await signInWithForm(page, userName, password);
    await page.waitForURL('**/trang-lam-viec');
    await page.getByRole('heading', { name: 'Xin chào, Phạm Thị Mai' }).waitFor();

    // Two-factor enrolment from the account page.
    await page.getByRole('link', { name: 'Bật xác thực hai lớp' }).click();
    await page.waitForURL('**/thong-tin-tai-khoan/**');
    await page.getByTestId('two-factor-start').click();
    await page.getByTestId('two-factor-password').fill(password);
    await page.getByTestId('two-factor-continue').click();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByTestId('two-factor-confirm-code').fill(await totp(secret));
    await page.getByTestId('two-factor-enable').click();
    await page.getByTestId('recovery-codes').waitFor();
    expect((await page.getByTestId('recovery-codes').textContent())?.match(/[a-z2-9]{5}-[a-z2-9]{5}/g)).toHaveLength(
      10,
    );
    await page.getByTestId('two-factor-finish').click();
    await page.getByTestId('two-factor-on').waitFor();

    // Sign out from the user menu.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await page.waitForURL('**/dang-nhap');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

    // Sign in again: password, then a TOTP code (the next period's: the enrolment code cannot be replayed).
    await signInWithForm(page, userName, password);
    await page.waitForURL('**/xac-thuc-2-lop');
    await page.getByTestId('two-factor-code').fill(await totp(secret, 1));
    await page.getByTestId('two-factor-submit').click();
    await page.waitForURL('**/trang-lam-viec');
    await page.getByRole('heading', { name: 'Xin chào, Phạm Thị Mai' }).waitFor();
    // The refused sign-in of the inactive account is the only failed request.
    expect(ui.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});

describe('session', () => {
  /** The portal's signing secret (kept in its data directory), to forge an expired token for the session. */
  async function expiredToken(current: string): Promise<string> {
    const secret = readFileSync(path.join(portal.dataDir, 'secrets', 'jwt-secret'), 'utf8').trim();
    const { sub, sid, iss, aud } = decodeJwt(current);
    const past = Math.floor(Date.now() / 1000) - 3600;
    return new SignJWT({ sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub!)
      .setIssuer(iss!)
      .setAudience(aud as string)
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(secret));
  }

  function track(page: Page) {
    const calls: Array<{ method: string; url: string; status: number }> = [];
    page.on('requestfinished', async (req: Request) => {
      if (!req.url().includes('/api/')) return;
      const res = await req.response();
      calls.push({ method: req.method(), url: new URL(req.url()).pathname, status: res?.status() ?? 0 });
    });
    return calls;
  }

  it('an expired access token is refreshed once, transparently, while three requests are in flight', async () => {
    const { page } = ui;
    await page.goto(ui.url('/dang-nhap'));
    await signInWithForm(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/dang-nhap'));
    await page.goto(ui.url('/trang-lam-viec'));
    await page.getByTestId('workspace-areas').waitFor();
    const before = await page.evaluate(() => ({
      access: localStorage.getItem('accessToken')!,
      refresh: localStorage.getItem('refreshToken')!,
    }));
    const expired = await expiredToken(before.access);
    await page.evaluate((token) => localStorage.setItem('accessToken', token), expired);

    // A client-side navigation to the user list starts three calls at once (list, units, user types).
    const calls = track(page);
    await page.getByRole('link', { name: 'Danh sách người dùng' }).first().click();
    await page.waitForURL('**/nguoi-dung/danh-sach');
    await page.getByRole('link', { name: 'Trần Văn Minh' }).waitFor();
    await expect
      .poll(() => calls.filter((c) => c.url === '/api/OfficalProfile/users' && c.status === 200).length)
      .toBe(1);

    const refreshes = calls.filter((c) => c.url === '/api/Account/refresh-token');
    expect(refreshes).toEqual([{ method: 'POST', url: '/api/Account/refresh-token', status: 200 }]);
    // Whichever call meets the expired token first (a list call, or the notification hub reconnecting) starts
    // the one refresh; calls refused meanwhile are replayed once, calls started meanwhile wait for it.
    const refused = calls.filter((c) => c.status === 401).map((c) => c.url);
    for (const url of refused) expect(calls.filter((c) => c.url === url && c.status === 200)).toHaveLength(1);
    for (const url of ['/api/OfficalProfile/users', '/api/Unit/combobox', '/api/UserTypev2/combobox'])
      expect(calls.filter((c) => c.url === url && c.status === 200)).toHaveLength(1);
    const after = await page.evaluate(() => ({
      access: localStorage.getItem('accessToken'),
      refresh: localStorage.getItem('refreshToken'),
    }));
    expect(after.access).not.toBe(expired);
    expect(after.refresh).not.toBe(before.refresh);
    expect(page.url()).toContain('/nguoi-dung/danh-sach');
  });

  it('when the refresh fails twice the session is cleared and the user lands on the sign-in page', async () => {
    const { page } = ui;
    await page.goto(ui.url('/dang-nhap'));
    await signInWithForm(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/dang-nhap'));
    await page.goto(ui.url('/trang-lam-viec'));
    await page.getByTestId('workspace-areas').waitFor();
    const current = await page.evaluate(() => localStorage.getItem('accessToken')!);
    // The session is ended elsewhere (another device signed out): its refresh token no longer works.
    const res = await fetch(ui.url('/api/Account/logout'), {
      method: 'POST',
      headers: { authorization: `Bearer ${current}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    // Counted when sent: the page navigates away right after the second refresh fails.
    const refreshes: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/Account/refresh-token') refreshes.push(req.method());
    });
    await page.getByRole('link', { name: 'Danh sách người dùng' }).first().click();
    await page.waitForURL('**/dang-nhap**');
    expect(refreshes).toEqual(['POST', 'POST']);
    const stored = await page.evaluate(() => [
      localStorage.getItem('userData'),
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(stored).toEqual([null, null, null]);
    await page.getByRole('heading', { name: 'Đăng nhập' }).waitFor();
  });

  it('a protected page asks for sign-in and returns there afterwards', async () => {
    const { page } = ui;
    await page.goto(ui.url('/nguoi-dung/lich-su-truy-cap/danh-sach'));
    await page.waitForURL('**/dang-nhap?redirect=**');
    await signInWithForm(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL('**/nguoi-dung/lich-su-truy-cap/danh-sach');
    await page.getByTestId('history-table').waitFor();
    // A signed-in user who opens a sign-in page goes to their role's home, the workspace (administrators too).
    await page.goto(ui.url('/dang-nhap'));
    await page.waitForURL('**/trang-lam-viec');
    await page.goto(ui.url('/quen-mat-khau'));
    await page.waitForURL('**/trang-lam-viec');
  });
});

describe('access control', () => {
  it('a user without the feature gets the not-authorized page, and the API answers 403', async () => {
    const { page } = ui;
    // The training body's default user type does not include the user list.
    await page.goto(ui.url('/dang-nhap'));
    await signInWithForm(page, 'huanluyen', DEMO_PASSWORD);
    await page.waitForURL('**/trang-lam-viec');
    // Signed in, a client opening the registration page goes to its own home, the workspace.
    await page.goto(ui.url('/dang-ki'));
    await page.waitForURL('**/trang-lam-viec');
    await page.goto(ui.url('/nguoi-dung/danh-sach'));
    await page.waitForURL('**/khong-co-quyen');
    await page.getByRole('heading', { name: 'Không có quyền truy cập' }).waitFor();

    const token = await page.evaluate(() => localStorage.getItem('accessToken')!);
    const res = await fetch(ui.url('/api/OfficalProfile/users'), { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Bạn không có quyền thực hiện thao tác này',
    });
    // What the user may open is on the workspace, without the user list.
    await page.goto(ui.url('/trang-lam-viec'));
    await page.getByRole('heading', { name: /Xin chào/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Danh sách người dùng' }).count()).toBe(0);
  });

  it('the administrator gives the feature in the user type’s tree; the user then opens the page', async () => {
    const { page } = ui;
    await page.goto(ui.url('/dang-nhap'));
    await signInWithForm(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/dang-nhap'));
    await page.goto(ui.url('/nguoi-dung/kieu-nguoi-dung/danh-sach'));
    await page.getByTestId('edit-type-TO_CHUC_HUAN_LUYEN').click();
    await page.getByTestId('feature-tree').waitFor();
    // Every node starts expanded; the type's features are checked. The first "View" is the user list's.
    const view = page
      .getByTestId('feature-tree')
      .locator('.ant-tree-treenode')
      .filter({ has: page.getByText('Xem', { exact: true }) })
      .first();
    expect(await view.getAttribute('class')).not.toContain('checkbox-checked');
    await view.locator('.ant-tree-checkbox').click();
    await page.getByTestId('type-save').click();
    await page.waitForURL('**/nguoi-dung/kieu-nguoi-dung/danh-sach');

    // The training body's user signs in again and now has the list.
    const context = await ui.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'vi-VN' });
    const other = await context.newPage();
    await other.goto(ui.url('/dang-nhap'));
    await signInWithForm(other, 'huanluyen', DEMO_PASSWORD);
    await other.waitForURL('**/trang-lam-viec');
    await other.goto(ui.url('/nguoi-dung/danh-sach'));
    await other.getByTestId('user-table').waitFor();
    expect(other.url()).toContain('/nguoi-dung/danh-sach');
    await context.close();
  });
});

describe('users in the trash bin', () => {
  it('a deleted user is listed in the trash bin, restored from it, and back on the user list', async () => {
    const { page } = ui;
    await page.goto(ui.url('/dang-nhap'));
    await signInWithForm(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/dang-nhap'));
    const token = await page.evaluate(() => localStorage.getItem('accessToken')!);
    const call = async (url: string, init: { method?: string; body?: unknown } = {}) => {
      const res = await fetch(ui.url(url), {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    // A colleague of a demo user: same unit and type.
    const demo = (await call('/api/OfficalProfile/users?keyWord=huanluyen')).body.pageLists as {
      unitId: string;
      userTypeId: string;
    }[];
    const userName = `thungrac_${Date.now().toString().slice(-6)}`;
    const created = await call('/api/OfficalProfile/users', {
      method: 'POST',
      body: {
        userName,
        fullName: 'Người Dùng Thùng Rác',
        unitId: demo[0]!.unitId,
        userTypeId: demo[0]!.userTypeId,
        password: 'Bo-Rac@Langbiang26',
      },
    });
    expect(created.status).toBe(201);

    // The list found by its user name (the search box keeps its words in the address).
    await page.goto(ui.url(`/nguoi-dung/danh-sach?keyWord=${userName}`));
    const row = page.getByRole('row').filter({ hasText: userName });
    await row.waitFor();
    await row.getByRole('button', { name: 'Xóa', exact: true }).click();
    const deleted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/OfficalProfile/delete-users');
    await page.getByRole('dialog').getByRole('button', { name: 'Xóa', exact: true }).click();
    const answer = await deleted;
    expect(answer.status(), await answer.text()).toBe(200);
    await row.waitFor({ state: 'detached' });

    // The user list opens the trash bin on the users' deleted records.
    await page.getByRole('button', { name: 'Thùng rác' }).click();
    await page.waitForURL('**/thung-rac?area=OfficalProfile');
    const trashed = page.getByRole('row').filter({ hasText: userName });
    await trashed.waitFor();
    await trashed.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Khôi phục' }).click();
    await trashed.waitFor({ state: 'detached' });

    await page.goto(ui.url(`/nguoi-dung/danh-sach?keyWord=${userName}`));
    await page.getByRole('row').filter({ hasText: userName }).waitFor();
    // The user list's import is the catalogue's import page.
    await page.goto(ui.url('/nguoi-dung/them-tu-tep'));
    await page.getByText('Nhập người dùng từ tệp Excel').first().waitFor();
  });
});

describe('new passwords', () => {
  it('a strength meter under the field, its dictionaries fetched only then, never by the sign-in page', async () => {
    const { page } = ui;
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    const dictionaries = () => fetched.filter((p) => /\/password-strength-[\w-]+\.js$/.test(p));

    await page.goto(ui.url('/dang-nhap'));
    await page.getByTestId('login-user').waitFor();
    await page.waitForLoadState('networkidle');
    expect(dictionaries()).toEqual([]);

    await signInWithForm(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.waitForURL((url) => !url.pathname.startsWith('/dang-nhap'));
    expect(dictionaries()).toEqual([]);
    await page.goto(ui.url('/doi-mat-khau'));
    const field = page.getByTestId('new-password');
    const meter = page.getByTestId('new-password-strength');
    await field.fill('password1234');
    await meter.waitFor();
    expect(dictionaries()).toHaveLength(1);
    expect(Number(await meter.getAttribute('data-score'))).toBeLessThanOrEqual(1);
    await page.getByText('Mật khẩu này quá phổ biến, dễ bị đoán').waitFor();
    // Built on the user's own name.
    await field.fill('quantrihethong26');
    await page.getByText('Mật khẩu dựa trên tên, tên đăng nhập hoặc thư điện tử của bạn').waitFor();
    // A long phrase, no composition rules.
    await field.fill('gió núi sương mù đà lạt');
    await expect.poll(() => meter.getAttribute('data-score')).toBe('4');
    await meter.getByText('Độ mạnh: Rất mạnh').waitFor();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').count()).toBe(0);
  });
});
