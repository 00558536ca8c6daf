import { describe, expect, it } from 'vitest';
import { translate } from '../i18n.ts';
import { defineCatalog, field } from './define.ts';
import { excelHeader, mapHeaders, validateField, validateRecord } from './record.ts';

const d = defineCatalog({
  key: 'indexEquipment',
  area: 'IndexEquipment',
  plural: 'indexEquipments',
  table: 'index_equipment',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    group: field.enum({ options: ['pressure', 'lifting', 'electrical', 'other'], required: true }),
    inspectionCycleMonths: field.number({ integer: true, min: 1, max: 120 }),
  },
  titleField: 'name',
  codeField: 'code',
  list: { columns: ['code', 'name'], defaultSort: { field: 'code', order: 'asc' } },
  search: ['code', 'name'],
  menu: false,
});
const vi = (key: string, vars?: Record<string, string | number>) => translate('vi', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);

describe('record rules shared by the form, the API and the import', () => {
  it('says what is wrong per field, in the user language', () => {
    const result = validateRecord(
      d,
      { code: 'CÓ KHOẢNG TRẮNG', name: '', group: 'bay', inspectionCycleMonths: 500 },
      vi,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.fromEntries(result.errors.map((e) => [e.field, e.message]))).toEqual({
      code: vi('catalog:validation.code'),
      name: vi('catalog:validation.required'),
      group: vi('catalog:validation.oneOf', { values: 'pressure, lifting, electrical, other' }),
      inspectionCycleMonths: vi('catalog:validation.max', { max: 120 }),
    });
    expect(validateField(d, 'name', 'x'.repeat(300), en)).toBe(en('catalog:validation.maxLength', { max: 255 }));
  });

  it('trims text and turns blanks into null', () => {
    const result = validateRecord(
      d,
      { code: '  TB-01 ', name: ' Nồi hơi ', group: 'pressure', inspectionCycleMonths: '' },
      vi,
    );
    expect(result).toEqual({
      ok: true,
      data: { code: 'TB-01', name: 'Nồi hơi', group: 'pressure', inspectionCycleMonths: null },
    });
  });

  it('matches spreadsheet headers in Vietnamese or English, with or without accents and the required marker', () => {
    const headers = [excelHeader(d, 'code', vi), 'TEN MAY, THIET BI', 'Group', 'nothing', null];
    expect(mapHeaders(d, headers, [vi, en])).toEqual(['code', 'name', 'group', null, null]);
  });

  it("knows an export's read-only columns, so an exported file imports back without unknown columns", () => {
    const withStatus = defineCatalog({
      ...d,
      fields: {
        ...d.fields,
        status: field.enum({ options: ['on', 'off'], readOnly: true, label: 'catalog:fields.status' }),
      },
      exportOnly: ['status'],
    });
    expect(mapHeaders(withStatus, ['status', 'Mã'], [vi, en])).toEqual(['status', 'code']);
    expect(mapHeaders(d, ['status'], [vi, en])).toEqual([null]);
  });

  it('stores an enum default for a blank, and runs a rule on an empty field when it says so', () => {
    const abroad = defineCatalog({
      ...d,
      fields: {
        ...d.fields,
        status: field.enum({ options: ['none', 'abroad'], default: 'none' }),
        country: field.text({
          check: {
            with: ['status'],
            empty: true,
            rule: (value, record) =>
              value == null && record.status === 'abroad' ? 'catalog:validation.required' : null,
          },
        }),
      },
    });
    const base = { code: 'TB-01', name: 'Nồi hơi', group: 'pressure' };
    expect(validateRecord(abroad, { ...base, status: '' }, vi)).toMatchObject({
      ok: true,
      data: { status: 'none', country: null },
    });
    expect(validateRecord(abroad, { ...base, status: 'abroad' }, vi)).toEqual({
      ok: false,
      errors: [{ field: 'country', message: vi('catalog:validation.required'), code: 'check' }],
    });
    expect(validateField(abroad, 'country', '', en, { status: 'abroad' })).toBe(en('catalog:validation.required'));
    expect(validateField(abroad, 'country', '', en, { status: 'none' })).toBeNull();
    expect(validateField(abroad, 'status', null, en)).toBeNull();
  });
});
