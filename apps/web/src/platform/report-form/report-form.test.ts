import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Form } from 'antd';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { resources } from '@portal/domain/i18n';
import { defineReportForm } from '@portal/domain/report-forms/definition';
import type { ReportValues } from '@portal/domain/report-forms/schema';
import { ReportForm, type ReportFormProps } from './ReportForm.tsx';
import { notesByPath, valueAt } from './paths.ts';

const t = (vi: string, en: string) => ({ vi, en });
const definition = defineReportForm({
  code: 'render-sample',
  version: 1,
  title: t('Mẫu', 'Sample'),
  legalBasis: t('Nghị định 1/2020', 'Decree 1/2020'),
  verified: false,
  sections: [
    {
      id: 's',
      title: t('Phần một', 'Part one'),
      items: [
        { kind: 'integer', id: 'total', label: t('Tổng số', 'Total'), required: true },
        { kind: 'integer', id: 'women', label: t('Số nữ', 'Women') },
        { kind: 'computed', id: 'men', label: t('Số nam', 'Men'), expression: 'total - women' },
        {
          kind: 'table',
          id: 'ages',
          label: t('Theo tuổi', 'By age'),
          fixedRows: [
            { key: 'young', label: t('Dưới 35 tuổi', 'Under 35') },
            { key: 'old', label: t('Từ 35 tuổi', '35 and over') },
          ],
          columns: [{ kind: 'integer', id: 'people', label: t('Số người', 'People') }],
          totals: true,
        },
      ],
    },
  ],
});

function render(props: Partial<ReportFormProps>, lang: 'vi' | 'en' = 'vi'): string {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: lang,
    resources: resources as unknown as Record<string, Record<string, Record<string, unknown>>>,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  function Host() {
    const [form] = Form.useForm<ReportValues>();
    return createElement(ReportForm, { definition, form, ...props });
  }
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Host)));
}

const values: ReportValues = { total: 1234, women: 234, ages: [{ people: 1000 }, { people: 200 }] };

describe('ReportForm (rendered on the server side)', () => {
  it('draws the sections, fields, fixed rows, live totals and the unverified notice', () => {
    const html = render({ initialValues: values });
    expect(html).toContain('Phần một');
    expect(html).toContain('Dưới 35 tuổi');
    expect(html).toContain('Nghị định 1/2020');
    expect(html).toContain('chưa được đối chiếu');
    // men = total − women; the table's total row sums the column.
    expect(html).toContain('>1.000<');
    expect(html).toContain('>1.200<');
    expect(render({ initialValues: values }, 'en')).toContain('>1,200<');
  });

  it('shows a comment, a change and a register figure that differs from the declared one', () => {
    const html = render({
      initialValues: values,
      comments: { women: 'Kiểm tra lại số nữ' },
      changes: [{ path: 'total', before: 1200, after: 1234 }],
      register: { total: 1234, women: 240 },
    });
    expect(html).toContain('Kiểm tra lại số nữ');
    expect(html).toContain('Trước khi sửa: 1.200');
    expect(html).toContain('Theo dữ liệu trên Cổng: 240');
    // The register agrees on the total: no note for it.
    expect(html).not.toContain('Theo dữ liệu trên Cổng: 1.234');
  });

  it('read-only: no field can be edited', () => {
    const html = render({ initialValues: values, readOnly: true });
    expect(html).toMatch(/<input[^>]*disabled/);
    expect(html).not.toMatch(/<input(?![^>]*disabled)[^>]*>/);
  });
});

describe('notes by path', () => {
  it('reads values by path and keeps only register figures that differ', () => {
    expect(valueAt(values, 'ages.1.people')).toBe(200);
    const notes = notesByPath(undefined, undefined, { 'ages.1.people': 200, 'ages.0.people': 999 }, (p) =>
      valueAt(values, p),
    );
    expect([...notes.keys()]).toEqual(['ages.0.people']);
  });
});
