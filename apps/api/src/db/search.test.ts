import { describe, expect, it } from 'vitest';
import { escapeLike, normalizeKeyword } from './search.ts';

describe('normalizeKeyword', () => {
  it('strips Vietnamese diacritics, đ, case and extra spaces', () => {
    expect(normalizeKeyword('  Nguyễn   Văn  Ánh ')).toBe('nguyen van anh');
    expect(normalizeKeyword('ĐẮK NÔNG')).toBe('dak nong');
    expect(normalizeKeyword('Thừa Thiên Huế')).toBe('thua thien hue');
  });
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});
