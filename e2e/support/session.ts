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

/**
 * A call to the portal's API as `userName` (signed in through the API), for a test's set-up and checks around the
 * browser; a refused call fails the test with the answer's body.
 */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; userName?: string; password?: string } = {},
): Promise<T> {
  const token = await apiToken(baseUrl, init.userName, init.password);
  const res = await fetch(new URL(path, baseUrl), {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** An account's access token through the API's sign-in, for a test's calls around the browser. */
export async function apiToken(baseUrl: string, userName = 'admin', password = E2E_ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(new URL('/api/Account/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${userName} answered ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
