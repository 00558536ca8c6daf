import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';

/**
 * A catalogue `file` field in the generic pages (the file index's scanned document): a file of the wrong type
 * is refused beside the field, a real PDF is uploaded, saved with the record, named in the list and downloaded
 * from the detail page with its Vietnamese name and its exact bytes.
 */
const ui = useBrowser();
const BASE = '/danh-muc-ho-so';

const pdf = Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n% ${'bản scan '.repeat(200)}\ntrailer <<>>\n%%EOF\n`);

describe('catalogue file field', () => {
  it('uploads a file through the generic form and offers it for download on the detail page', async () => {
    const { page } = ui;
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const fileName = `Mẫu hồ sơ lưu trữ ${tag}.pdf`;
    await signIn(ui.page, ui.baseUrl);
    await page.goto(ui.url(`${BASE}/tao-moi`));
    await page.locator('#code').waitFor();
    await page.locator('#code').fill(`HS-${tag}`);
    await page.locator('#name').fill(`Hồ sơ có bản scan ${tag}`);

    const widget = page.locator('#scanFileId');
    await widget.getByText('Chưa có tệp').waitFor();
    // The wrong type is told beside the field, nothing is sent.
    await widget.locator('input[type=file]').setInputFiles({
      name: 'ghi-chu.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('không phải bản scan'),
    });
    await widget.getByRole('alert').getByText('Tệp "ghi-chu.txt" không đúng loại').waitFor();
    // So is a file over the limit.
    await widget.locator('input[type=file]').setInputFiles({
      name: 'ban-scan-lon.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf, Buffer.alloc(11 * 1024 * 1024)]),
    });
    await widget.getByRole('alert').getByText('Tệp "ban-scan-lon.pdf" lớn hơn 10 MB cho phép').waitFor();

    await widget
      .locator('input[type=file]')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
    await widget.getByRole('link', { name: `Tải xuống ${fileName}` }).waitFor();
    expect(await widget.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Lưu' }).click();
    await page.waitForURL((url) => url.pathname === `${BASE}/danh-sach`);

    // The list names the file.
    await page.goto(ui.url(`${BASE}/danh-sach?q=${encodeURIComponent(tag.toLowerCase())}`));
    const row = page.locator('tr', { hasText: `HS-${tag}` });
    await row.getByText(fileName).waitFor();

    // The detail page offers it for download: the same bytes, the Vietnamese name.
    await row.getByRole('link', { name: `Hồ sơ có bản scan ${tag}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${BASE}/chi-tiet/`));
    const link = page.getByRole('link', { name: `Tải xuống ${fileName}` });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

    // The edit form shows the current file and can remove it.
    await page.getByRole('button', { name: 'Sửa' }).click();
    const editWidget = page.locator('#scanFileId');
    await editWidget.getByRole('link', { name: `Tải xuống ${fileName}` }).waitFor();
    await editWidget.getByRole('button', { name: 'Gỡ tệp' }).click();
    await editWidget.getByText('Chưa có tệp').waitFor();
    expect(ui.unexpectedErrors()).toEqual([]);
  });
});
