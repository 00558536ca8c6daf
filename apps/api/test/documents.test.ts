import { describe, expect, it } from 'vitest';
import { translate } from '@portal/domain/i18n';
import { renderDocument, type DocumentSpec } from '../src/platform/documents/index.ts';
import { documentFonts, FONT_FACES } from '../src/platform/documents/fonts.ts';
import { readPdf } from './support/pdf.ts';

/** Line breaks of a wrapped line read back as spaces. */
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

const VERIFY_URL = 'https://atvsld.daklak.gov.vn/xac-thuc/7f3c9a2e-1b4d-4e8f-9a6c-2d5e8f1a3b7c';
const TITLE = 'Giấy xác nhận khai báo máy, thiết bị có yêu cầu nghiêm ngặt về an toàn lao động';

const rows = Array.from({ length: 60 }, (_, i) => [
  String(i + 1),
  `Xe nâng hàng động cơ số ${i + 1}`,
  `XN-${1001 + i}`,
  i % 9 === 0 ? 'Kiểm định lại sau khi sửa chữa khung nâng, đạt yêu cầu về an toàn' : 'Đạt',
  'Đắk Lắk',
]);

const spec: DocumentSpec = {
  title: TITLE,
  issuer: ['UBND TỈNH ĐẮK LẮK', 'SỞ NỘI VỤ'],
  motto: ['CỘNG HOÀ XÃ HỘI CHỦ NGHĨA VIỆT NAM', 'Độc lập - Tự do - Hạnh phúc'],
  number: 'Số: 12/XN-SNV',
  place: 'Đắk Lắk, ngày 25 tháng 11 năm 2026',
  paragraphs: [
    'Căn cứ Luật An toàn, vệ sinh lao động ngày 25 tháng 6 năm 2015, Sở Nội vụ tỉnh Đắk Lắk xác nhận Công ty TNHH ' +
      'Cơ khí Buôn Ma Thuột đã khai báo các máy, thiết bị có yêu cầu nghiêm ngặt về an toàn lao động dưới đây.',
  ],
  fields: [
    { label: 'Tên cơ sở', value: 'Công ty TNHH Cơ khí Buôn Ma Thuột' },
    { label: 'Người đại diện', value: 'Nguyễn Thị Hữu' },
    { label: 'Số thiết bị', value: '60' },
  ],
  table: { columns: ['STT', 'Tên thiết bị', 'Số chế tạo', 'Kết quả kiểm định', 'Nơi lắp đặt'], rows },
  signature: { title: 'KT. GIÁM ĐỐC\nPHÓ GIÁM ĐỐC', name: 'Trần Văn Dũng' },
  qr: { url: VERIFY_URL, caption: 'Quét mã để kiểm tra giấy xác nhận' },
  footer: 'Cổng thông tin An toàn, vệ sinh lao động tỉnh Đắk Lắk',
  metadata: { subject: 'Khai báo thiết bị' },
};

describe('document renderer', () => {
  it('renders a Vietnamese administrative document that reads back exactly, with a QR that decodes', async () => {
    const pdf = await renderDocument(spec);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const read = await readPdf(pdf);
    const text = flat(read.text);

    for (const line of [
      'UBND TỈNH ĐẮK LẮK',
      'SỞ NỘI VỤ',
      'CỘNG HOÀ XÃ HỘI CHỦ NGHĨA VIỆT NAM',
      'Độc lập - Tự do - Hạnh phúc',
      'Số: 12/XN-SNV',
      'Đắk Lắk, ngày 25 tháng 11 năm 2026',
      TITLE,
      spec.paragraphs![0]!,
      'Tên cơ sở Công ty TNHH Cơ khí Buôn Ma Thuột',
      'Người đại diện Nguyễn Thị Hữu',
      'KT. GIÁM ĐỐC PHÓ GIÁM ĐỐC',
      'Trần Văn Dũng',
      'Quét mã để kiểm tra giấy xác nhận',
    ]) {
      expect(text).toContain(line);
    }
    // Every row, each once, with its Vietnamese text intact.
    for (const [n, name, serial] of rows) {
      expect(text).toMatch(new RegExp(`(^| )${n} ${name}(?!\\d)`));
      expect(text.split(serial!).length - 1).toBe(1);
    }
    expect(text.match(/Kiểm định lại sau khi sửa chữa khung nâng, đạt yêu cầu về an toàn/g)).toHaveLength(7);
    // The URL is printed (wrapped anywhere) under the caption, and is a link on the code and on the text.
    expect(read.text.replace(/\s+/g, '')).toContain(VERIFY_URL);
    expect(read.links).toContain(VERIFY_URL);

    // Sixty rows do not fit one page: the table breaks, and each page it continues on repeats its header.
    expect(read.pages).toBeGreaterThanOrEqual(2);
    const pagesWithRows = read.pageTexts.filter((p) => /Xe nâng hàng động cơ/.test(p));
    expect(pagesWithRows.length).toBeGreaterThanOrEqual(2);
    for (const page of pagesWithRows) expect(flat(page)).toMatch(/STT Tên thiết bị Số chế tạo Kết quả kiểm định/);
    // Footer and page numbers on every page.
    read.pageTexts.forEach((page, i) => {
      expect(flat(page)).toContain(`${spec.footer} ${i + 1}/${read.pages}`);
    });

    expect(read.qrCodes).toEqual([VERIFY_URL]);
    expect(read.metadata).toMatchObject({
      Title: TITLE,
      Subject: 'Khai báo thiết bị',
      Creator: translate('vi', 'common:appName'),
      Language: 'vi',
    });
  });

  it('embeds a font that covers every Vietnamese letter with every tone', async () => {
    // The built-in PDF fonts (WinAnsi) have none of ữ, Ộ, ặ, ỹ, đ: each comes back only from an embedded font.
    const vowels = ['a', 'ă', 'â', 'e', 'ê', 'i', 'o', 'ô', 'ơ', 'u', 'ư', 'y'];
    const tones = ['', '\u0300', '\u0309', '\u0303', '\u0301', '\u0323'];
    const lower = vowels.map((v) => tones.map((t) => (v + t).normalize('NFC')).join('')).join(' ') + ' đ';
    const letters = `${lower} ${lower.toUpperCase()}`;
    expect(letters).toContain('ữ');
    expect(letters).toContain('Ộ');

    const read = await readPdf(
      await renderDocument({
        title: 'Bảng chữ cái tiếng Việt',
        paragraphs: [letters, 'Những người sử dụng lao động phải bảo đảm an toàn, vệ sinh lao động.'],
        fields: [{ label: 'Họ và tên', value: 'Nguyễn Văn Thưởng' }],
      }),
    );
    const text = flat(read.text);
    expect(text).toContain(letters);
    expect(text).toContain('Những người sử dụng lao động phải bảo đảm an toàn, vệ sinh lao động.');
    expect(text).toContain('Họ và tên Nguyễn Văn Thưởng');
    expect(read.pages).toBe(1);
    expect(read.qrCodes).toEqual([]);
  });

  it('keeps every letter searchable in documents rendered one after another', async () => {
    // The fonts are parsed once per process; a glyph met first as a part of another (ư inside ữ, while the first
    // document's subset is written) must still read back as its letter in the next document.
    await renderDocument({ title: 'HỮU', fields: [{ label: 'Họ và tên', value: 'Nguyễn Thị Hữu, Ngữ, Cữ' }] });
    const read = await readPdf(
      await renderDocument({ title: 'Thưởng', fields: [{ label: 'Họ và tên', value: 'Nguyễn Văn Thưởng' }] }),
    );
    expect(flat(read.text)).toBe('Thưởng Họ và tên Nguyễn Văn Thưởng');
  });

  it('writes text given in decomposed form (NFD) as the same letters', async () => {
    const read = await readPdf(await renderDocument({ title: 'Nguyễn Thị Hữu, Đắk Lắk'.normalize('NFD') }));
    expect(flat(read.text)).toContain('Nguyễn Thị Hữu, Đắk Lắk');
  });

  it('writes a sign the font lacks (≥, ≤) so that every printed character has its glyph', async () => {
    const fonts = await documentFonts();
    const read = await readPdf(
      await renderDocument({
        title: 'Vụ ≥ 2 người bị nạn',
        table: { columns: ['Vụ ≥ 2 người', 'Tuổi ≤ 18'], rows: [['1', '0']] },
      }),
    );
    expect(flat(read.text)).toContain('Vụ >= 2 người bị nạn');
    expect(flat(read.text)).toContain('Tuổi <= 18');
    const missing = [...read.text.replace(/\s/g, '')].filter(
      (c) => !fonts.regular.hasGlyphForCodePoint(c.codePointAt(0)!),
    );
    expect(missing).toEqual([]);
  });

  it('renders a spec whose optional parts are empty', async () => {
    const read = await readPdf(
      await renderDocument({
        title: '',
        issuer: [],
        motto: [''],
        paragraphs: ['', '   '],
        fields: [
          { label: '', value: '' },
          { label: 'Ghi chú', value: '' },
        ],
        table: { columns: ['STT', 'Nội dung'], rows: [] },
        signature: { title: '' },
        qr: { url: VERIFY_URL, caption: '' },
        footer: '',
        metadata: {},
      }),
    );
    expect(read.pages).toBe(1);
    expect(read.text).toContain('Ghi chú');
    expect(flat(read.text)).toContain('STT Nội dung');
    expect(read.qrCodes).toEqual([VERIFY_URL]);

    const bare = await readPdf(await renderDocument({ title: 'Biên nhận' }));
    expect(bare).toMatchObject({ pages: 1, text: 'Biên nhận', qrCodes: [] });
  });

  it('refuses a QR that is not an http(s) URL', async () => {
    await expect(renderDocument({ title: 'x', qr: { url: 'javascript:alert(1)', caption: '' } })).rejects.toThrow(
      /http/,
    );
    await expect(renderDocument({ title: 'x', qr: { url: 'not a url', caption: '' } })).rejects.toThrow(/URL/);
  });

  it('parses the fonts once: every document lays out over the same parsed faces', async () => {
    // The renderer's speed is the bench's business; what keeps it fast is that a document never re-reads and
    // re-parses the font files (~100 ms each time), which shows here as the same prototype under each view.
    const first = await documentFonts();
    await renderDocument({ ...spec, table: undefined });
    const second = await documentFonts();
    for (const face of FONT_FACES) {
      expect(second[face]).not.toBe(first[face]);
      expect(Object.getPrototypeOf(second[face])).toBe(Object.getPrototypeOf(first[face]));
    }
  });
});
