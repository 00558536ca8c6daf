import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const ui = useBrowser();

interface PublicConfig {
  provinceName: string;
  portalName: string;
}

async function publicConfig(): Promise<PublicConfig> {
  const res = await fetch(ui.url('/api/Home/configuration'));
  expect(res.status).toBe(200);
  return (await res.json()) as PublicConfig;
}

describe('public home', () => {
  it('the root path opens the home page in Vietnamese with the configured province', async () => {
    const config = await publicConfig();
    const { page } = ui;
    await page.goto(ui.url('/'));
    await page.waitForURL('**/trang-chu');
    await expect.poll(() => page.title()).toContain('Trang chủ');
    expect(await page.getAttribute('html', 'lang')).toBe('vi');
    expect(await page.textContent('h1')).toBe(config.portalName);
    if (config.provinceName) {
      expect(await page.textContent('[data-testid="home-province"]')).toBe(config.provinceName);
    }
    await expect.poll(() => page.locator('footer').textContent()).toContain('Giữ toàn quyền');
    expect(ui.errors).toEqual([]);
  });
});

describe('not found', () => {
  it('an unknown path shows the 404 page in Vietnamese with a link home', async () => {
    const { page } = ui;
    await page.goto(ui.url('/khong-co-trang-nay'));
    await page.waitForURL('**/error-404');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
    await expect.poll(() => page.title()).toContain('Không tìm thấy trang');
    await page.getByRole('link', { name: 'Về trang chủ' }).click();
    await page.waitForURL('**/trang-chu');
    expect(ui.errors).toEqual([]);
  });

  it('/message/label/unknown shows the 404 page', async () => {
    const { page } = ui;
    await page.goto(ui.url('/message/label/unknown'));
    await page.waitForURL('**/error-404');
    await page.getByRole('heading', { name: 'Không tìm thấy trang' }).waitFor();
  });
});
