import { describe, expect, it } from 'vitest';
import { downloadName } from './names.ts';

describe('downloadName', () => {
  it('keeps a Vietnamese name whose extension matches its type', () => {
    expect(downloadName('Biên bản kiểm tra.pdf', 'pdf')).toBe('Biên bản kiểm tra.pdf');
    expect(downloadName('ảnh.JPEG', 'jpg')).toBe('ảnh.JPEG');
  });
  it('takes the extension of the detected type instead of a lying one', () => {
    expect(downloadName('poly.html', 'gif')).toBe('poly.gif');
    expect(downloadName('report.pdf.exe', 'pdf')).toBe('report.pdf.pdf');
    expect(downloadName('Quyết định số 12.2026 của Sở', 'pdf')).toBe('Quyết định số 12.2026 của Sở.pdf');
    expect(downloadName('.html', 'png')).toBe('tep.png');
  });
  it('drops control and bidirectional formatting characters', () => {
    expect(downloadName('invoice\u202Efdp.exe', 'pdf')).toBe('invoicefdp.pdf');
    expect(downloadName('a\u200Fb\u2066c\uFEFF.pdf', 'pdf')).toBe('abc.pdf');
    expect(downloadName('hai\r\ndòng.pdf', 'pdf')).toBe('hai dòng.pdf');
  });
});
