import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';
import { E2E_ADMIN_PASSWORD } from './support/portal.ts';

/**
 * A user's groups on the account page, as the administrator: two groups are added from the dialog (search and
 * multi-select), one is removed after confirmation, and after a reload the page shows exactly the one left.
 */
const ui = useBrowser();

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(ui.url(path), {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

describe('user group membership', () => {
  it('adds a user to two groups, removes one, and the page shows the result after a reload', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const login = await api<{ accessToken: string }>('/api/Account/login', '', {
      method: 'POST',
      body: { userName: 'admin', password: E2E_ADMIN_PASSWORD },
    });
    const token = login.accessToken;
    // A demo officer of the department, and three fresh groups.
    const users = await api<{ pageLists: { id: string; userName: string }[] }>(
      '/api/OfficalProfile/users?keyWord=canbo.so&pageSize=5',
      token,
    );
    const user = users.pageLists.find((u) => u.userName === 'canbo.so')!;
    expect(user).toBeTruthy();
    const names = ['An toàn hóa chất', 'Huấn luyện nhóm 1', 'Thanh tra lao động'].map((n) => `${n} ${tag}`);
    for (const [i, name] of names.entries()) {
      await api('/api/GroupUser/groupUsers', token, { method: 'POST', body: { code: `NHOM-${tag}-${i}`, name } });
    }

    await signIn(ui.page, ui.baseUrl);
    await page.goto(ui.url(`/thong-tin-tai-khoan/${user.id}`));
    const section = page.getByTestId('user-groups');
    await section.getByText('Nhóm người dùng').first().waitFor();
    const search = section.getByRole('searchbox', { name: 'Tìm nhóm theo mã, tên (không cần dấu)' });
    await search.fill(tag.toLowerCase());
    await search.press('Enter');
    await section.getByText('Người dùng chưa thuộc nhóm nào').waitFor();

    // Add two groups at once, found with an accent-free search.
    await section.getByRole('button', { name: 'Thêm vào nhóm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm người dùng vào nhóm' });
    const dialogSearch = dialog.getByRole('searchbox');
    await dialogSearch.fill(`nhom-${tag.toLowerCase()}`);
    await dialogSearch.press('Enter');
    await dialog.getByText(names[2]!).waitFor();
    await dialog.locator('tr', { hasText: names[0]! }).locator('input[type=checkbox]').check();
    await dialog.locator('tr', { hasText: names[1]! }).locator('input[type=checkbox]').check();
    await dialog.getByText('Đã chọn 2 nhóm').waitFor();
    await dialog.getByRole('button', { name: 'Thêm 2 nhóm' }).click();
    await page.getByText('Đã thêm người dùng vào 2 nhóm').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await section.locator('tr', { hasText: names[0]! }).waitFor();
    await section.locator('tr', { hasText: names[1]! }).waitFor();
    await section.getByText('Tổng số 2 nhóm').waitFor();

    // Remove one, after confirming.
    await section.getByRole('button', { name: `Rời nhóm ${names[0]}` }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText(`Đưa người dùng ra khỏi nhóm "${names[0]}"?`).waitFor();
    await confirm.getByRole('button', { name: 'Rời nhóm' }).click();
    await page.getByText(`Đã đưa người dùng ra khỏi nhóm "${names[0]}"`).first().waitFor();
    await section.locator('tr', { hasText: names[0]! }).waitFor({ state: 'detached' });

    // After a reload: only the second group.
    await page.reload();
    await section.getByText('Nhóm người dùng').first().waitFor();
    await section.locator('tr', { hasText: names[1]! }).waitFor();
    expect(await section.locator('tr', { hasText: names[0]! }).count()).toBe(0);
    expect(await section.locator('tr', { hasText: names[2]! }).count()).toBe(0);
    await search.fill(tag.toLowerCase());
    await search.press('Enter');
    await section.getByText('Tổng số 1 nhóm').waitFor();
    // The API agrees.
    const inGroups = await api<{ pageLists: { name: string }[] }>(
      `/api/GroupUser/list-group-user-register?userId=${user.id}&keyWord=${tag}`,
      token,
    );
    expect(inGroups.pageLists.map((g) => g.name)).toEqual([names[1]]);
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
