import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('open-data CSV cells', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+84 263 3822 000')).toBe("'+84 263 3822 000");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
  });
  it('writes numbers and ordinary text as they are', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField('Công ty TNHH Cà phê, Cầu Đất')).toBe('"Công ty TNHH Cà phê, Cầu Đất"');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
