import { describe, expect, it } from 'vitest';
import { field } from '@portal/domain/catalog/index';
import { coerceCell, parseBoolean, parseDate, parseNumber } from './import.ts';

describe('spreadsheet cells', () => {
  it('reads dates as users type them, and Excel serial days, without time zones', () => {
    expect(parseDate('05/03/2024')).toBe('2024-03-05');
    expect(parseDate('5/3/2024')).toBe('2024-03-05');
    expect(parseDate('2024-03-05')).toBe('2024-03-05');
    expect(parseDate('2024-03-05T00:00:00.000Z')).toBe('2024-03-05');
    expect(parseDate(45356)).toBe('2024-03-05');
    expect(parseDate('31/02/2024')).toBeNull();
    expect(parseDate('hôm nay')).toBeNull();
  });

  it('reads Vietnamese and English number formats', () => {
    expect(parseNumber('1.234,5')).toBe(1234.5);
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber(' 24 ')).toBe(24);
    expect(parseNumber('1.000')).toBe(1000);
    expect(parseNumber('mười')).toBeNull();
  });

  it('reads yes and no in both languages', () => {
    for (const yes of ['Có', 'co', 'x', 'Yes', true, 1]) expect(parseBoolean(yes)).toBe(true);
    for (const no of ['Không', 'khong', 'No', false, 0]) expect(parseBoolean(no)).toBe(false);
    expect(parseBoolean('có lẽ')).toBeNull();
  });

  it('maps an enum label to its option; blank cells are null', () => {
    const f = field.enum({ options: ['lifting', 'pressure'] });
    const lookup = new Map([
      ['thiet bi nang', 'lifting'],
      ['lifting equipment', 'lifting'],
    ]);
    expect(coerceCell(f, 'Thiết bị nâng', lookup)).toEqual({ ok: true, value: 'lifting' });
    expect(coerceCell(f, 'pressure', lookup)).toEqual({ ok: true, value: 'pressure' });
    expect(coerceCell(f, 'Thiết bị bay', lookup)).toEqual({ ok: false, key: 'catalog:validation.oneOf' });
    expect(coerceCell(field.text(), '   ')).toEqual({ ok: true, value: null });
    expect(coerceCell(field.text(), 123)).toEqual({ ok: true, value: '123' });
  });
});
