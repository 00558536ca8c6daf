import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/portal.ts';

/**
 * The public look-ups in the browser, signed out: the home's look-up section lists them; a granted permit confirmed
 * by its number with the passport shows its status and employer and nothing about the worker; an unknown worker is
 * "not found"; the violations list links an employer's public page.
 */
const ui = useBrowser();
const WAIT = { timeout: 15_000 };

async function adminGet<T>(path: string): Promise<T> {
  const login = await fetch(ui.url('/api/Account/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(ui.url(path), { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

describe('public look-ups', () => {
  it("the home's look-up section has a card for each look-up", async () => {
    await ui.page.goto(ui.url('/trang-chu/tra-cuu'));
    await ui.page.locator('a.home-card').first().waitFor(WAIT);
    expect(await ui.page.locator('a.home-card[href="/tra-cuu-giay-phep"]').count()).toBe(1);
    expect(await ui.page.locator('a.home-card[href="/tra-cuu-nguoi-lao-dong"]').count()).toBe(1);
  });

  it('a permit by its number with the passport: status and employer, nothing about the worker', async () => {
    const list = await adminGet<{ pageLists: { number: string | null; passportNumber: string | null }[] }>(
      '/api/WorkerLicense/workerLicenses?status=approved&pageSize=20',
    );
    const permit = list.pageLists.find((p) => p.number && p.passportNumber);
    expect(permit).toBeTruthy();
    await ui.page.goto(ui.url(`/tra-cuu-giay-phep?so=${encodeURIComponent(permit!.number!)}`));
    await ui.page.getByRole('textbox', { name: 'Số hộ chiếu' }).fill(permit!.passportNumber!);
    await ui.page.getByRole('button', { name: 'Tra cứu' }).click();
    const card = ui.page.getByTestId('public-permit');
    await card.waitFor(WAIT);
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(permit!.number!);
    expect(text).toContain('Người sử dụng lao động');
    expect(text).not.toContain('Quốc tịch');
    expect(await ui.page.locator('main').textContent()).not.toContain(permit!.passportNumber!);
    // The passport never goes into the address.
    expect(ui.page.url()).not.toContain(permit!.passportNumber!);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('an unknown worker is not found', async () => {
    await ui.page.goto(ui.url('/tra-cuu-nguoi-lao-dong'));
    await ui.page.getByLabel('Số CCCD').fill('001099000000');
    await ui.page.getByLabel('Ngày sinh').fill('01/01/1990');
    await ui.page.keyboard.press('Enter');
    await ui.page.getByRole('button', { name: 'Tra cứu' }).click();
    await ui.page.getByText('Không tìm thấy người lao động').waitFor(WAIT);
    // The identifier and birth date never go into the address.
    expect(ui.page.url()).not.toContain('001099000000');
  });

  it("the violations list links an employer's public page", async () => {
    await ui.page.goto(ui.url('/doanh-nghiep-vi-pham'));
    await ui.page.getByTestId('public-violation').first().waitFor(WAIT);
    const link = ui.page.locator('a[href^="/chi-tiet-doanh-nghiep/"]').first();
    await link.click();
    await ui.page.getByTestId('public-employer').waitFor(WAIT);
    expect(await ui.page.getByTestId('public-employer').textContent()).toContain('Mã số thuế');
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
