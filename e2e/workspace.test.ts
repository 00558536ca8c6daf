import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { E2E_ADMIN_PASSWORD } from './support/portal.ts';
import { signIn } from './support/session.ts';

/**
 * Every demo role signs in through the sign-in form and lands on its workspace, with what waits for it: the
 * employer's returned permit request, the department's requests to review. Administrators land there too.
 */
const ui = useBrowser();
const DEMO_PASSWORD = 'Demo@2026';

async function landOnWorkspace(page: Page, userName: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, ui.baseUrl, userName, password);
  await page.waitForURL('**/trang-lam-viec');
  await page.getByRole('heading', { name: /Xin chào/ }).waitFor();
  await page.getByTestId('workspace-tasks').waitFor({ state: 'attached' });
}

async function taskCount(page: Page, key: string): Promise<number> {
  const task = page.getByTestId(`workspace-task-${key}`);
  await task.waitFor();
  return Number(await task.getAttribute('data-count'));
}

describe('workspace', () => {
  it('the employer sees its returned permit request and opens the list filtered to it', async () => {
    const { page } = ui;
    await landOnWorkspace(page, 'dn.caudatxanh');
    expect(await taskCount(page, 'permits.returned')).toBeGreaterThanOrEqual(1);
    await page.getByTestId('workspace-task-permits.returned').click();
    await page.waitForURL('**/nguoi-lao-dong/giay-phep-lao-dong/danh-sach?status=returned');
    await page.getByText('Zhang Wei').first().waitFor();
    // Its shortcut files a new request; the department's review queue is not offered.
    await page.goBack();
    await page.getByTestId('workspace-shortcuts').getByText('Nộp hồ sơ cấp giấy phép lao động').waitFor();
    expect(await page.getByTestId('workspace-task-permits.toReview').count()).toBe(0);
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('the department officer sees the requests to review and the overtime notice to accept', async () => {
    const { page } = ui;
    await landOnWorkspace(page, 'canbo.so');
    // The demo's two submitted requests, less any that an earlier browser test has already reviewed.
    expect(await taskCount(page, 'permits.toReview')).toBeGreaterThanOrEqual(1);
    expect(await taskCount(page, 'overtime.toAccept')).toBeGreaterThanOrEqual(1);
    await page.getByTestId('workspace-figure-businesses.employers').waitFor();
    await page.getByTestId('workspace-task-permits.toReview').click();
    await page.waitForURL('**/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach?tab=submitted');
    expect(ui.unexpectedErrors()).toEqual([]);
  });

  it('the administrator lands on the workspace too, and `/` leads there while signed in', async () => {
    const { page } = ui;
    await landOnWorkspace(page, 'admin', E2E_ADMIN_PASSWORD);
    expect(await taskCount(page, 'permits.toReview')).toBeGreaterThanOrEqual(1);
    await page.goto(ui.url('/'));
    await page.waitForURL('**/trang-lam-viec');
    // The public pages stay reachable.
    await page.goto(ui.url('/trang-chu'));
    await page.waitForURL('**/trang-chu');
  });

  for (const userName of ['canbo.xuanhuong', 'dn.rauhoa', 'ttdvvl', 'thanhtra', 'huanluyen', 'quantri']) {
    it(`${userName} signs in to a workspace that says what waits or what to do first`, async () => {
      const { page } = ui;
      await landOnWorkspace(page, userName);
      const waiting = await page.locator('[data-testid^="workspace-task-"]:not([data-count="0"])').count();
      if (waiting === 0) await page.getByTestId('workspace-empty').waitFor();
      else expect(await page.getByTestId('workspace-empty').count()).toBe(0);
      expect(ui.unexpectedErrors()).toEqual([]);
    });
  }

  it('an anonymous visitor opening `/` gets the public home page', async () => {
    const { page } = ui;
    await page.goto(ui.url('/'));
    await page.waitForURL('**/trang-chu');
  });
});
