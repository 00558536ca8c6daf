import type { Page } from 'playwright-core';

/** A date as the portal's date fields show and take it (dd/mm/yyyy). */
export const shownDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Chooses `text` in the Ant Design select whose input is `#field`, typing it first where the select searches. */
export async function choose(page: Page, field: string, text: string, wait?: { timeout: number }): Promise<void> {
  const input = page.locator(`#${field}`);
  await input.click();
  if ((await input.getAttribute('readonly')) === null) await input.fill(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click(wait);
}

/** Types a date into the date field `#field` and confirms it (Enter in a form's last field submits the form). */
export async function pickDate(page: Page, field: string, iso: string): Promise<void> {
  await page.locator(`#${field}`).fill(shownDate(iso));
  await page.keyboard.press('Enter');
}

/**
 * Presses the open dialog's primary button and waits until the dialog has closed (the decision was saved).
 * When it stays open the failure names what the dialog and the notices say, so a refused save (a field
 * error, a conflict) reads as such instead of as a status that never changed.
 */
export async function confirmDialog(page: Page, timeout = 30_000): Promise<void> {
  const dialog = page.locator('.ant-modal-wrap:visible').last();
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  try {
    await dialog.waitFor({ state: 'hidden', timeout });
  } catch {
    const says = [
      ...(await dialog.locator('.ant-form-item-explain-error').allTextContents()),
      ...(await page.locator('.ant-message-notice, .ant-notification-notice').allTextContents()),
    ];
    throw new Error(`the dialog stayed open: ${says.join(' | ') || '(no message)'}`);
  }
}

/**
 * Waits until the app fetches nothing (`#root` is not `aria-busy`). A list shows its previous rows while a new
 * search loads, so a row found before then may be replaced under the pointer.
 */
export async function settled(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => document.getElementById('root')?.getAttribute('aria-busy') !== 'true', undefined, {
    timeout,
  });
}
