import { describe, expect, it } from 'vitest';
import { escapeLike, normalizeKeyword, trigramFilter } from './search.ts';

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

describe('trigramFilter', () => {
  it('keeps a few pieces of a keyword of several words, in order and not overlapping', () => {
    expect(trigramFilter('xe nang toyota')).toBe('%xe %nan%toy%');
    expect(trigramFilter('nguyen van a')).toBe('%ngu%van% a%');
    expect(trigramFilter('a xe toyota')).toBe('%a %xe %toy%');
    expect(trigramFilter('nguyen an toyota')).toBe('%ngu% an %toy%');
  });
  it('leaves single words and keywords with other characters to the plain pattern', () => {
    expect(trigramFilter('toyota')).toBeNull();
    expect(trigramFilter('tb-0001')).toBeNull();
    expect(trigramFilter('50% xe')).toBeNull();
    expect(trigramFilter('a xe')).toBeNull();
  });
  it('only ever asks for pieces of the keyword, so every row that contains it passes', () => {
    for (const keyword of ['xe nang toyota', 'nguyen van a', 'a b c d', 'ab cd ef', 'x yz abc d', 'abc de f gh']) {
      const filter = trigramFilter(keyword);
      if (!filter) continue;
      const pieces = filter.slice(1, -1).split('%');
      let from = 0;
      for (const piece of pieces) {
        const at = keyword.indexOf(piece, from);
        expect(at).toBeGreaterThanOrEqual(0);
        from = at + piece.length;
      }
    }
  });
});
