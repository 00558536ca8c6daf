import { describe, expect, it } from 'vitest';
import { exampleTaxCode, isValidTaxCode, taxCodeCheckDigit, TAX_CODE_PATTERN } from './tax-code.ts';

describe('tax codes', () => {
  it('checks the 10th digit against the first nine', () => {
    // Published codes: Vinamilk, and a branch of it.
    expect(isValidTaxCode('0300588569')).toBe(true);
    expect(isValidTaxCode('0300588569-001')).toBe(true);
    expect(isValidTaxCode('0300588568')).toBe(false);
    expect(isValidTaxCode('0300588569-000')).toBe(false);
    expect(isValidTaxCode('030058856')).toBe(false);
    expect(isValidTaxCode('0300588569001')).toBe(false);
    expect(isValidTaxCode('03005885 69')).toBe(false);
  });

  it('never issues nine digits whose check would be 10', () => {
    let none = 0;
    for (let n = 0; n < 2000; n++) if (taxCodeCheckDigit(`58${String(n).padStart(7, '0')}`) === null) none++;
    expect(none).toBeGreaterThan(0);
    expect(taxCodeCheckDigit('12345678')).toBeNull();
  });

  it('makes valid examples, the same for the same seed', () => {
    const codes = ['a', 'b', 'ABCD1234-1', 'Đặc biệt'].map((s) => exampleTaxCode(s));
    for (const c of codes) {
      expect(c).toMatch(TAX_CODE_PATTERN);
      expect(c.startsWith('58')).toBe(true);
      expect(isValidTaxCode(c)).toBe(true);
    }
    expect(exampleTaxCode('a')).toBe(codes[0]);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
