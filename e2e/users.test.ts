import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';
import { settled } from './support/forms.ts';

/**
 * The user form on the catalogue engine: an administrator creates a department officer with an initial
 * password, finds the account without accents, renames it, and the new user signs in and must change the
 * password first. Demo data of the test portal.
 */
const ui = useBrowser();
const WAIT = { timeout: 30_000 };

/** Picks an option of an Ant Design select by typing part of its label. */
async function choose(page: Page, testId: string, typed: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('users', () => {
  it('an administrator creates a user with an initial password, finds and renames it; the user signs in', async () => {
    const { page } = ui;
    const n = randomInt(10_000, 99_999);
    const userName = `canbo.thu${n}`;
    const password = `Khoi@tao${n}`;
    await signIn(page, ui.baseUrl);

    await page.goto(ui.url('/nguoi-dung/danh-sach'));
    await page.getByTestId('user-create').click();
    await page.waitForURL('**/nguoi-dung/tao-moi');
    await page.getByTestId('user-user-name').fill(userName);
    await page.getByTestId('user-full-name').fill(`Đặng Thị Thu ${n}`);
    await choose(page, 'user-unit', 'So Noi vu', 'Sở Nội vụ');
    await choose(page, 'user-type', 'Can bo So', 'Cán bộ Sở');
    await page.getByTestId('user-email').fill(`thu.dang.${n}@example.com`);
    await page.getByTestId('user-password').fill(password);
    await page.getByTestId('user-save').click();
    await page.waitForURL('**/nguoi-dung/danh-sach', WAIT);

    // Found again without accents; the edit keeps the user name and changes the name shown.
    await page.getByTestId('user-search').locator('input').fill(`dang thi thu ${n}`);
    await page.getByTestId('user-search').locator('input').press('Enter');
    await page.waitForURL(/[?&]keyWord=/, WAIT);
    await settled(page);
    await page.getByTestId('user-table').getByText(`Đặng Thị Thu ${n}`).waitFor(WAIT);
    await page.getByTestId(`edit-${userName}`).click();
    await page.waitForURL('**/nguoi-dung/chinh-sua/**', WAIT);
    await expect.poll(() => page.getByTestId('user-full-name').inputValue(), WAIT).toBe(`Đặng Thị Thu ${n}`);
    expect(await page.getByTestId('user-user-name').isDisabled()).toBe(true);
    await page.getByTestId('user-full-name').fill(`Đặng Thị Minh Thu ${n}`);
    await page.getByTestId('user-save').click();
    await page.waitForURL('**/nguoi-dung/danh-sach', WAIT);
    await page.getByTestId('user-search').locator('input').fill(`minh thu ${n}`);
    await page.getByTestId('user-search').locator('input').press('Enter');
    await settled(page);
    await page.getByTestId('user-table').getByText(`Đặng Thị Minh Thu ${n}`).waitFor(WAIT);

    // The new user signs in with the initial password and is asked to choose their own first.
    await page.evaluate(() => localStorage.clear());
    await page.goto(ui.url('/dang-nhap'));
    await page.getByTestId('login-user').fill(userName);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/doi-mat-khau?required=1', WAIT);
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
