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
