import { describe, expect, it } from 'vitest';
import { defineCatalog, field, validateField, type NumberField } from '@portal/domain/catalog/index';
import { groupedNumberInput, numberFieldInput } from './numbers.ts';

describe('groupedNumberInput', () => {
  const shown = { userTyping: false, input: '' };

  it('shows an amount with the Vietnamese thousands separator and reads it back', () => {
    const vi = groupedNumberInput('vi');
    expect(vi.formatter(4200000, shown)).toBe('4.200.000');
    expect(vi.parser('4.200.000')).toBe(4200000);
    expect(vi.formatter(1234.5, shown)).toBe('1.234,5');
    expect(vi.parser('1.234,5')).toBe(1234.5);
    expect(vi.formatter(undefined, shown)).toBe('');
    expect(vi.parser('')).toBe('');
  });

  it('leaves the text as typed while typing', () => {
    expect(groupedNumberInput('vi').formatter(1234, { userTyping: true, input: '1234,' })).toBe('1234,');
  });

  it('groups the English way in English', () => {
    expect(groupedNumberInput('en').formatter(4200000, shown)).toBe('4,200,000');
  });
});

describe('numberFieldInput', () => {
  const months: NumberField = { kind: 'number', required: true, integer: true, min: 3, max: 12 };

  it('never hands the bounds to the input, so an out-of-range value is kept as typed, not clamped', () => {
    const props = numberFieldInput(months, 'vi');
    for (const clamp of ['min', 'max', 'precision']) expect(props).not.toHaveProperty(clamp);
    expect('parser' in props && props.parser('20')).toBe(20);
  });

  it('leaves the out-of-range value to the form rules, which refuse it beside the field', () => {
    expect(numberFieldInput({ ...months, grouping: false }, 'en')).toEqual({ decimalSeparator: ',' });
    const area = defineCatalog({
      key: 'numberProbe',
      area: 'NumberProbe',
      plural: 'numberProbes',
      table: 'number_probe',
      scope: 'global',
      fields: { code: field.code(), months: field.number({ integer: true, min: 3, max: 12 }) },
      titleField: 'code',
      list: { columns: ['code'], defaultSort: { field: 'code', order: 'asc' } },
      search: ['code'],
      menu: false,
    });
    const t = (key: string, vars?: Record<string, unknown>) => `${key} ${JSON.stringify(vars ?? {})}`;
    expect(validateField(area, 'months', 20, t)).toContain('12');
    expect(validateField(area, 'months', 12, t)).toBeNull();
  });
});
