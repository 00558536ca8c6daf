import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { startPortal, type Portal } from './support/portal.ts';
import { choose } from './support/forms.ts';
import { signIn } from './support/session.ts';

// These tests change the portal (menu order, configuration): they get a portal of their own.
let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => portal?.stop());

const ui = useBrowser({ baseUrl: () => portal.baseUrl });

// A real 8×8 PNG (the server checks images by content).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAFklEQVR4nGNkaGBgYGBgYGBkZGRgAAAF4AEB6wHf2wAAAABJRU5ErkJggg==',
  'base64',
);

describe('app layout', () => {
  it('collapses the side menu and keeps it collapsed after a reload', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl);
    await page.goto(ui.url('/cai-dat'));
    const sider = page.getByTestId('app-sider');
    await sider.waitFor();
    expect((await sider.boundingBox())!.width).toBeGreaterThan(200);
    await expect.poll(() => page.title()).toContain('Cài đặt hệ thống');

    const toggle = page.getByTestId('menu-collapse');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThan(100);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await page.reload();
    await sider.waitFor();
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThan(100);
    await page.getByTestId('menu-collapse').click();
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeGreaterThan(200);
    expect(ui.errors).toEqual([]);
  });

  it('an administrator rearranges the menu by drag and drop and finds the new order after a reload', async () => {
    const { page } = ui;
    // Tall enough that the whole arrangement (the training domain added a dozen entries) is on screen while dragging.
    await page.setViewportSize({ width: 1366, height: 7200 });
    await signIn(page, ui.baseUrl);
    await page.goto(ui.url('/chinh-sua-menu/keo-tha?scope=admin'));
    const rows = page.locator('[data-testid="dnd-list"] > li');
    await rows.first().waitFor();
    const firstKey = await rows.first().getAttribute('data-key');
    expect(firstKey).not.toBe('system');

    // Drag the "Hệ thống" group to the top, once the arrangement has stopped moving (the menu beside it loads too).
    const handle = page.getByTestId('drag-system');
    let from = (await handle.boundingBox())!;
    await expect
      .poll(async () => {
        const before = from;
        await page.waitForTimeout(150);
        from = (await handle.boundingBox())!;
        return before.y === from.y && before.x === from.x;
      })
      .toBe(true);
    const to = (await rows.first().boundingBox())!;
    const x = from.x + from.width / 2;
    await page.mouse.move(x, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, from.y + from.height / 2 - 12, { steps: 4 });
    // The drag has started and measured its 50-odd rows before it travels; it settles over the top before the drop.
    await page.locator('[data-testid="drag-system"][aria-pressed="true"]').waitFor({ state: 'attached' });
    await page.mouse.move(x, to.y + 4, { steps: 25 });
    await page.waitForTimeout(100);
    await page.mouse.move(x, to.y + 2);
    await page.mouse.up();
    await expect.poll(() => rows.first().getAttribute('data-key')).toBe('system');

    await page.getByTestId('menu-save').click();
    await page.getByText('Đã lưu thứ tự menu').waitFor();

    await page.reload();
    const menu = page.getByTestId('app-menu');
    await menu.waitFor();
    const firstGroup = menu.locator(':scope > li').first();
    await expect.poll(() => firstGroup.textContent()).toContain('Hệ thống');
    await rows.first().waitFor();
    expect(await rows.first().getAttribute('data-key')).toBe('system');
    expect(await page.getByText(/Thứ tự riêng, lưu lúc/).count()).toBe(1);
    expect(ui.errors).toEqual([]);
  });
});

describe('settings', () => {
  it('changing the province name and the logo shows on the public home', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl);
    await page.goto(ui.url('/cai-dat'));
    const form = page.getByTestId('settings-form');
    await form.waitFor();

    // A file that is not an image is refused before upload.
    const logo = page.getByTestId('image-logo');
    await logo
      .locator('input[type=file]')
      .setInputFiles({ name: 'ghi-chu.png', mimeType: 'text/plain', buffer: Buffer.from('không phải ảnh') });
    await page.getByText('Chỉ nhận ảnh PNG, JPEG, WebP hoặc GIF').waitFor();

    await logo
      .locator('input[type=file]')
      .setInputFiles({ name: 'Biểu trưng mới.png', mimeType: 'image/png', buffer: png });
    const preview = logo.locator('img');
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/api\/Files\/[0-9a-f-]{36}$/);
    const logoUrl = (await preview.getAttribute('src'))!;

    const province = page.getByLabel('Tên tỉnh hiển thị');
    await province.fill('Tỉnh Thử Nghiệm E2E');
    await page.getByTestId('settings-save').click();
    // Toasts: top right, no progress bar, gone after 3 s.
    const toast = page.locator('.ant-notification-topRight').getByText('Đã lưu cấu hình');
    await toast.waitFor();
    expect(await page.locator('.ant-notification-notice-progress').count()).toBe(0);
    await toast.waitFor({ state: 'detached', timeout: 6000 });

    // The public sees it (a fresh visitor, not signed in).
    const visitor = await ui.browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'vi-VN' });
    try {
      const home = await visitor.newPage();
      await home.goto(ui.url('/trang-chu'));
      await expect.poll(() => home.getByTestId('home-province').textContent()).toBe('Tỉnh Thử Nghiệm E2E');
      expect(await home.locator('header img.public-logo').getAttribute('src')).toBe(logoUrl);
      const image = await home.request.get(ui.url(logoUrl));
      expect(image.headers()['content-type']).toBe('image/png');
    } finally {
      await visitor.close();
    }
    expect(ui.errors.filter((e) => !e.includes('415'))).toEqual([]);
  });

  it('the administrator sets who signs the equipment confirmation, with the formula, as it will print', async () => {
    const { page } = ui;
    await signIn(page, ui.baseUrl);
    await page.goto(ui.url('/cai-dat'));
    const card = page.getByTestId('signatories-card');
    const enabled = card.getByRole('switch', { name: 'Thiết lập: Giấy xác nhận khai báo máy, thiết bị' });
    await enabled.waitFor();
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await page.locator('#signatories_equipmentConfirmation_authorityTitle').fill('Giám đốc');
    await choose(page, 'signatories_equipmentConfirmation_delegation', 'KT. — Ký thay');
    await page.locator('#signatories_equipmentConfirmation_signerTitle').fill('Phó Giám đốc');
    await page.locator('#signatories_equipmentConfirmation_signerName').fill('Đỗ Thị Ký');
    const preview = card.getByLabel('Khối chữ ký: Giấy xác nhận khai báo máy, thiết bị');
    await expect.poll(() => preview.innerText()).toBe('KT. GIÁM ĐỐC\nPHÓ GIÁM ĐỐC\nĐỗ Thị Ký');
    await page.getByTestId('signatories-save').click();
    await page.getByText('Đã lưu người ký văn bản').first().waitFor();
    await page.reload();
    // Read back from the server after a reload.
    await preview.getByText('Đỗ Thị Ký').waitFor();
    expect(ui.errors).toEqual([]);
  });
});
