import { describe, expect, it } from 'vitest';
import {
  applyPrefill,
  checkDefinition,
  computeTotals,
  createFormRegistry,
  defineReportForm,
  diffValues,
  emptyValues,
  fieldPaths,
  formKey,
  parseFormKey,
  registerDifferences,
  validateSubmission,
  type ReportFormDefinition,
} from './index.ts';

const t = (vi: string, en: string) => ({ vi, en });

/** A small form with every kind of item: fields, a fixed-row table, a free table, computed fields, checks. */
const SAMPLE: ReportFormDefinition = {
  code: 'sample',
  version: 1,
  title: t('Mẫu', 'Sample'),
  legalBasis: t('Không', 'None'),
  verified: true,
  sections: [
    {
      id: 'head',
      title: t('Chung', 'General'),
      items: [
        {
          kind: 'integer',
          id: 'total',
          label: t('Tổng', 'Total'),
          required: true,
          min: 0,
          max: 1000,
          prefill: 'w.total',
        },
        { kind: 'integer', id: 'women', label: t('Nữ', 'Women'), min: 0, prefill: 'w.women' },
        { kind: 'decimal', id: 'cost', label: t('Chi phí', 'Cost'), decimals: 2 },
        { kind: 'text', id: 'name', label: t('Tên', 'Name'), maxLength: 5 },
        { kind: 'date', id: 'on', label: t('Ngày', 'Date'), min: '2020-01-01' },
        { kind: 'boolean', id: 'done', label: t('Xong', 'Done') },
        {
          kind: 'choice',
          id: 'size',
          label: t('Cỡ', 'Size'),
          options: [
            { value: 's', label: t('Nhỏ', 'Small') },
            { value: 'l', label: t('Lớn', 'Large') },
          ],
        },
        { kind: 'computed', id: 'men', label: t('Nam', 'Men'), expression: 'total - women' },
        { kind: 'computed', id: 'share', label: t('Tỷ lệ', 'Share'), expression: 'round(women / total * 100, 1)' },
      ],
    },
    {
      id: 'tables',
      title: t('Bảng', 'Tables'),
      items: [
        {
          kind: 'table',
          id: 'ages',
          label: t('Theo tuổi', 'By age'),
          fixedRows: [
            { key: 'young', label: t('Dưới 35', 'Under 35') },
            { key: 'old', label: t('Từ 35', '35 and over') },
          ],
          columns: [
            { kind: 'integer', id: 'people', label: t('Số người', 'People'), min: 0, prefill: 'w.age.{row}' },
            { kind: 'integer', id: 'female', label: t('Nữ', 'Women'), min: 0 },
            { kind: 'computed', id: 'male', label: t('Nam', 'Men'), expression: 'people - female' },
          ],
          rowChecks: [
            {
              id: 'femaleWithin',
              left: 'female',
              op: '<=',
              right: 'people',
              message: t('Nữ ({{left}}) vượt số người ({{right}})', 'Women ({{left}}) above people ({{right}})'),
            },
          ],
        },
        {
          kind: 'table',
          id: 'items',
          label: t('Dòng tự do', 'Free rows'),
          minRows: 1,
          maxRows: 3,
          prefill: 'w.items',
          columns: [
            { kind: 'text', id: 'what', label: t('Nội dung', 'What'), required: true },
            { kind: 'decimal', id: 'amount', label: t('Số tiền', 'Amount') },
          ],
        },
      ],
    },
  ],
  checks: [
    {
      id: 'womenWithinTotal',
      left: 'women',
      op: '<=',
      right: 'total',
      message: t('Số nữ ({{left}}) lớn hơn tổng ({{right}})', 'Women ({{left}}) above the total ({{right}})'),
    },
    {
      id: 'agesSum',
      left: 'sum(ages.people)',
      op: '=',
      right: 'total',
      message: { key: 'reportForms:checks.sumEquals' },
    },
    {
      id: 'youngWomen',
      left: 'ages.young.female',
      op: '<=',
      right: 'women',
      message: t('Nữ dưới 35 vượt số nữ', 'Young women above women'),
    },
  ],
};

const sample = defineReportForm(SAMPLE);
const good = () => ({
  total: 10,
  women: 4,
  cost: 1.25,
  name: 'abc',
  on: '2024-02-29',
  done: true,
  size: 's',
  ages: [
    { people: 6, female: 2 },
    { people: 4, female: 2 },
  ],
  items: [{ what: 'x', amount: 3 }],
});
const errorsOf = (input: unknown, lang: 'vi' | 'en' = 'en', mode?: 'draft' | 'submit') =>
  validateSubmission(sample, input, lang, mode ? { mode } : {}).errors;
const at = (input: unknown, lang: 'vi' | 'en' = 'en') =>
  Object.fromEntries(errorsOf(input, lang).map((e) => [e.field, e.message]));

describe('definition schema', () => {
  it('accepts a well-formed definition and keeps it as plain JSON', () => {
    expect(checkDefinition(JSON.parse(JSON.stringify(SAMPLE)))).toMatchObject({ ok: true });
  });

  it.each([
    [
      'an unknown field kind',
      { sections: [{ ...SAMPLE.sections[0], items: [{ kind: 'money', id: 'x', label: t('a', 'b') }] }] },
      'sections.0.items.0',
    ],
    ['a missing English label', { title: { vi: 'Mẫu' } }, 'title'],
    ['a bad code', { code: 'Bad Code' }, 'code'],
    ['a version of 0', { version: 0 }, 'version'],
  ])('refuses %s', (_, change, where) => {
    const result = checkDefinition({ ...SAMPLE, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toContain(where);
  });

  const withCheck = (left: string, right = 'total') =>
    checkDefinition({ ...SAMPLE, checks: [{ id: 'c', left, op: '<=', right, message: t('a', 'b') }] });

  it.each([
    ['an unknown field', 'nobody', 'unknown field nobody'],
    ['a text field in arithmetic', 'name + 1', 'name is not a number'],
    ['a column outside sum()', 'ages.people', 'use sum(ages.people)'],
    ['an unknown row', 'ages.middle.people', 'unknown row'],
    ['an unknown function', 'eval(total)', 'unknown function "eval"'],
    ['JavaScript', 'constructor.constructor("return process")()', 'unexpected character'],
    ['a prototype name', '__proto__', 'unknown field __proto__'],
    ['broken syntax', 'total +', 'unexpected end'],
    ['deep nesting', `${'('.repeat(200)}1${')'.repeat(200)}`, 'nested too deeply'],
  ])('refuses an expression with %s', (_, left, message) => {
    const result = withCheck(left);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toContain(message);
  });

  it('refuses cycles between computed fields and duplicate ids', () => {
    const cyclic = {
      ...SAMPLE,
      sections: [
        {
          id: 's',
          title: t('a', 'b'),
          items: [
            { kind: 'computed', id: 'a', label: t('a', 'a'), expression: 'b + 1' },
            { kind: 'computed', id: 'b', label: t('b', 'b'), expression: 'a + 1' },
          ],
        },
      ],
      checks: [],
    };
    const result = checkDefinition(cyclic);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.join('\n')).toContain('cycle');
    }
    const twice = checkDefinition({
      ...SAMPLE,
      sections: [SAMPLE.sections[0], { ...SAMPLE.sections[0], id: 'again' }],
    });
    expect(twice.ok ? [] : twice.problems).toContain('duplicate id total');
  });

  it('defineReportForm throws at load time on a bad definition', () => {
    expect(() =>
      defineReportForm({ ...SAMPLE, checks: [{ id: 'c', left: 'x', op: '=', right: '1', message: t('a', 'b') }] }),
    ).toThrow(/unknown field x/);
  });
});

describe('versions', () => {
  it('keys a definition by code and version, and a registry opens the latest or a filed version', () => {
    expect(formKey(sample)).toBe('sample@1');
    expect(parseFormKey('sample@12')).toEqual({ code: 'sample', version: 12 });
    expect(parseFormKey('sample@0')).toBeNull();
    const v2 = defineReportForm({ ...SAMPLE, version: 2, title: t('Mẫu 2', 'Sample 2') });
    const registry = createFormRegistry([sample, v2]);
    expect(registry.latest('sample')?.version).toBe(2);
    expect(registry.get('sample', 1)?.title.en).toBe('Sample');
    expect(registry.byKey('sample@2')).toBe(v2);
    expect(registry.versions('sample')).toEqual([1, 2]);
    expect(() => createFormRegistry([sample, sample])).toThrow(/declared twice/);
  });
});

describe('validateSubmission', () => {
  it('accepts good values and returns them cleaned, with computed fields', () => {
    const { errors, values } = validateSubmission(sample, { ...good(), name: '  abc ', unknown: 1 }, 'vi');
    expect(errors).toEqual([]);
    expect(values).toMatchObject({ name: 'abc', men: 6, share: 40, ages: [{ male: 4 }, { male: 2 }] });
    expect(values).not.toHaveProperty('unknown');
  });

  it('requires required fields on submit, in Vietnamese and English, but not in a draft', () => {
    const input = { ...good(), total: null, items: [{ what: '' }] };
    expect(at(input, 'vi')).toMatchObject({
      total: 'Vui lòng nhập thông tin này',
      'items.0.what': 'Vui lòng nhập thông tin này',
    });
    expect(at(input, 'en')).toMatchObject({ total: 'This field is required' });
    expect(errorsOf(input, 'en', 'draft')).toEqual([]);
  });

  it('checks types and bounds in both languages', () => {
    const bad = {
      ...good(),
      total: 1001,
      women: 1.5,
      cost: 1.234,
      name: 'abcdef',
      on: '2023-02-29',
      done: 'yes',
      size: 'm',
    };
    const en = at(bad, 'en');
    expect(en).toMatchObject({
      total: 'At most 1000',
      women: 'Must be a whole number',
      cost: 'At most 2 decimal places',
      name: 'At most 5 characters',
    });
    expect(Object.keys(en)).toEqual(expect.arrayContaining(['on', 'done', 'size']));
    expect(at(bad, 'vi')).toMatchObject({ total: 'Giá trị tối đa là 1000', women: 'Phải là số nguyên' });
    expect(at({ ...good(), on: '2019-12-31' }, 'en').on).toMatch(/before/);
    expect(at({ ...good(), total: '10' }, 'en').total).toBe('Must be a number');
    // Bounds are checked in drafts too: a draft is incomplete, not wrong.
    expect(errorsOf({ total: -1 }, 'en', 'draft').map((e) => e.field)).toEqual(['total']);
  });

  it('runs cross-field checks with the values in the message', () => {
    const e = at({ ...good(), women: 12, ages: [{ people: 6, female: 7 }, { people: 4 }] }, 'en');
    expect(e.women).toBe('Women (12) above the total (10)');
    expect(e['ages.0.female']).toBe('Women (7) above people (6)');
    expect(e['ages.0.female']).toBeDefined();
    expect(e['ages.0.female']).not.toBe(e.women);
    // A fixed row's cell: ages.young.female is shown at ages.0.female as well (the form check).
    expect(
      errorsOf({ ...good(), women: 1, ages: [{ people: 6, female: 2 }, { people: 4 }] }, 'en').map((x) => x.field),
    ).toContain('ages.0.female');
    const vi = at({ ...good(), total: 11 }, 'vi');
    expect(vi.ages).toBe('Tổng các dòng (10) phải bằng số tổng (11)');
    expect(at({ ...good(), total: 11 }, 'en').ages).toBe("The rows' sum (10) must equal the total (11)");
  });

  it('skips a check whose values are all blank, and checks nothing but types in a draft', () => {
    const blank = { ...good(), women: null, ages: [{}, {}], total: null };
    expect(errorsOf(blank, 'en').map((e) => e.code)).toEqual(['required']);
    expect(errorsOf({ ...good(), women: 12 }, 'en', 'draft')).toEqual([]);
  });

  it('refuses malformed tables without failing', () => {
    expect(at({ ...good(), items: [] }).items).toBe('At least 1 rows are needed');
    expect(at({ ...good(), items: [{ what: 'a' }, { what: 'b' }, { what: 'c' }, { what: 'd' }] }).items).toBe(
      'At most 3 rows',
    );
    expect(at({ ...good(), ages: [...good().ages, {}] }).ages).toBe('At most 2 rows');
    expect(at({ ...good(), items: ['x'] })['items.0']).toBeDefined();
    expect(at({ ...good(), items: 'x' }).items).toBeDefined();
    expect(errorsOf('not an object')[0]?.field).toBe('');
    expect(errorsOf(null)[0]?.field).toBe('');
  });
});

describe('computeTotals', () => {
  it('computes fields, row cells and column sums; a division by zero is blank', () => {
    const totals = computeTotals(sample, { ...good(), items: [{ amount: 0.1 }, { amount: 0.2 }] });
    expect(totals).toMatchObject({ men: 6, share: 40, 'ages.0.male': 4, 'ages.people': 10, 'items.amount': 0.3 });
    expect(computeTotals(sample, { total: 0, women: 0 }).share).toBeNull();
    expect(computeTotals(sample, {}).men).toBe(0);
  });
});

describe('emptyValues, fieldPaths', () => {
  it('starts with blanks, the fixed rows and the minimum free rows', () => {
    const v = emptyValues(sample);
    expect(v.total).toBeNull();
    expect(v.ages).toHaveLength(2);
    expect(v.items).toHaveLength(1);
    expect(fieldPaths(sample, v)).toEqual([
      'total',
      'women',
      'cost',
      'name',
      'on',
      'done',
      'size',
      'men',
      'share',
      'ages.0.people',
      'ages.0.female',
      'ages.0.male',
      'ages.1.people',
      'ages.1.female',
      'ages.1.male',
      'items.0.what',
      'items.0.amount',
    ]);
  });
});

describe('diffValues', () => {
  it('lists changed paths, treating blank and missing alike', () => {
    const before = good();
    const after = {
      ...good(),
      women: 5,
      name: 'abc',
      cost: null,
      ages: [
        { people: 6, female: 3 },
        { people: 4, female: 2 },
      ],
      items: [],
    };
    expect(diffValues(before, after)).toEqual([
      { path: 'women', before: 4, after: 5 },
      { path: 'cost', before: 1.25, after: null },
      { path: 'ages.0.female', before: 2, after: 3 },
      { path: 'items.0.what', before: 'x', after: null },
      { path: 'items.0.amount', before: 3, after: null },
    ]);
    expect(diffValues({ a: null }, { a: '' })).toEqual([]);
    expect(diffValues(good(), good())).toEqual([]);
  });
});

describe('applyPrefill', () => {
  it('fills fields, fixed-row cells and free tables from the registers, and reports differences', () => {
    const { values, register } = applyPrefill(sample, {
      'w.total': 12,
      'w.women': 5,
      'w.age.young': 7,
      'w.age.old': 5,
      'w.items': [{ what: 'a', amount: 1 }],
      'w.unused': 3,
    });
    expect(values).toMatchObject({
      total: 12,
      women: 5,
      men: 7,
      ages: [{ people: 7 }, { people: 5 }],
      items: [{ what: 'a', amount: 1 }],
    });
    expect(register).toMatchObject({ total: 12, 'ages.0.people': 7, 'items.0.what': 'a' });
    expect(registerDifferences(register, { ...values, total: 13 })).toEqual([{ path: 'total', before: 12, after: 13 }]);
    expect(registerDifferences(register, values)).toEqual([]);
  });
});
