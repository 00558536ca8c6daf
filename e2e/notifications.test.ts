import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * Notifications live: the department officer returns one of the demo employer's permit requests; the employer's
 * open page shows it in the bell without a reload, the pop-up goes away by itself, a click opens the request and
 * lowers the unread count, and the view-all list has it.
 */
const ui = useBrowser();

const DEMO_PASSWORD = 'Demo@2026';
const EMPLOYER = 'dn.caudatxanh';
const OFFICER = 'canbo.so';

async function apiAs(userName: string) {
  const login = await fetch(ui.url('/api/Account/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(ui.url(path), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
}

/** The bell's unread count (the number its badge shows). */
async function badge(page: Page): Promise<number> {
  return Number(await page.getByTestId('notification-bell').getAttribute('data-count'));
}

describe('notifications', () => {
  it('a returned permit request reaches the employer live; the pop-up hides, a click opens it, the count drops', async () => {
    const officer = await apiAs(OFFICER);
    type Summary = { id: string; version: number; businessName: string; workerName: string };
    const submitted = await officer<{ pageLists: Summary[] }>(
      '/api/WorkerLicense/workerLicenses?status=submitted&pageSize=100',
    );
    const request = submitted.pageLists.find((r) => r.businessName.includes('Cầu Đất Xanh'));
    expect(request, 'a submitted request of the demo employer').toBeDefined();

    const { page } = ui;
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    // The first count has loaded once the bell carries it.
    await page.locator('[data-testid="notification-bell"][data-count]').waitFor();
    const before = await badge(page);

    await officer('/api/WorkerLicense/return-require', {
      id: request!.id,
      version: request!.version,
      reason: 'Bổ sung bản dịch công chứng hộ chiếu',
    });

    // Live: no reload.
    const popup = page.getByTestId('notification-popup');
    await popup.waitFor({ state: 'visible' });
    await expect.poll(() => popup.innerText(), { timeout: 10_000 }).toContain(request!.workerName);
    await expect.poll(() => badge(page), { timeout: 10_000 }).toBe(before + 1);
    // The pop-up goes away by itself (5 s).
    await popup.waitFor({ state: 'hidden', timeout: 15_000 });

    await bell.click();
    const item = page.getByTestId('notification-item').filter({ hasText: request!.workerName }).first();
    await item.waitFor();
    await item.click();
    await page.waitForURL((url) => url.pathname.endsWith(request!.id));
    await expect.poll(() => badge(page), { timeout: 10_000 }).toBe(before);

    await page.goto(ui.url('/thong-bao/danh-sach'));
    const row = page.getByTestId('notification-row').filter({ hasText: request!.workerName }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Bổ sung bản dịch công chứng hộ chiếu');
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('the account page shows how each kind is received; statutory kinds cannot be turned off', async () => {
    const login = await fetch(ui.url('/api/Account/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: EMPLOYER, password: DEMO_PASSWORD }),
    });
    const { userData } = (await login.json()) as { userData: { userId: string } };
    const { page } = ui;
    await signIn(page, ui.baseUrl, EMPLOYER, DEMO_PASSWORD);
    await page.goto(ui.url(`/thong-tin-tai-khoan/${userData.userId}?tab=thong-bao`));
    await page.getByTestId('notification-preferences').waitFor();
    await page.getByTestId('statutory-permitRejected').waitFor();
    await page.getByTestId('channel-permitRejected').click();
    const off = page.locator('.ant-select-item-option').filter({ hasText: 'Tắt' });
    await off.waitFor();
    expect(await off.getAttribute('aria-disabled')).toBe('true');
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
