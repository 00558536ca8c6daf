import { describe, expect, it } from 'vitest';
import { acceptsFile, UPLOAD_ACCEPT } from './index.ts';

describe('acceptsFile', () => {
  it('matches extensions case-insensitively and MIME patterns', () => {
    expect(acceptsFile('.pdf,.png', 'Bản scan.PDF')).toBe(true);
    expect(acceptsFile('.pdf,.png', 'ghi-chu.txt', 'text/plain')).toBe(false);
    expect(acceptsFile('image/*', 'anh', 'image/jpeg')).toBe(true);
    expect(acceptsFile('application/pdf', 'x', 'application/pdf')).toBe(true);
    expect(acceptsFile('image/*', 'x.pdf', 'application/pdf')).toBe(false);
  });

  it('takes anything without a list, and the generic list takes office documents', () => {
    expect(acceptsFile(undefined, 'a.exe')).toBe(true);
    expect(acceptsFile(UPLOAD_ACCEPT, 'Báo cáo.xlsx')).toBe(true);
    expect(acceptsFile(UPLOAD_ACCEPT, 'tep.zip')).toBe(false);
  });
});
