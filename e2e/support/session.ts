import type { Page } from 'playwright-core';
import { E2E_ADMIN_PASSWORD } from './portal.ts';

/**
 * Signs in through the sign-in page (/dang-nhap) and waits until the app has left it. Defaults to the test
 * portal's first administrator.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  userName = 'admin',
  password = E2E_ADMIN_PASSWORD,
): Promise<void> {
  await page.goto(new URL('/dang-nhap', baseUrl).toString());
  await page.getByTestId('login-user').fill(userName);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/dang-nhap'));
}
