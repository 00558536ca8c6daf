import { defineReportForm } from '../definition.ts';
import type { CheckDefinition, FieldDefinition } from '../schema.ts';
import { equals, integer, text } from './build.ts';

/**
 * Report on changes in labour use, Decree 145/2020 Art 4, Form 01/PLI (reference §5): six-monthly before 5 June,
 * yearly before 5 December, to the provincial labour authority. The form's columns below (sex, age, skill level,
 * position, contract) follow the published form from memory of its layout and are unverified; the rows are the
 * period's opening count, increases, decreases and closing count.
 */

const col = (id: string, vi: string, en: string, required = false): FieldDefinition =>
  integer(id, text(vi, en), { prefill: `workers.change.{row}.${id}`, ...(required ? { required } : {}) });

const QUALIFICATION = [
  col('university', 'Đại học trở lên', 'University or above'),
  col('college', 'Cao đẳng', 'College'),
  col('intermediate', 'Trung cấp', 'Intermediate'),
  col('elementary', 'Sơ cấp', 'Elementary'),
  col('untrained', 'Chưa qua đào tạo', 'No vocational training'),
];
const POSITION = [
  col('managers', 'Nhà quản lý', 'Managers'),
  col('highSkill', 'Chuyên môn kỹ thuật bậc cao', 'High-level professionals'),
  col('midSkill', 'Chuyên môn kỹ thuật bậc trung', 'Mid-level professionals'),
  col('otherPosition', 'Khác', 'Other positions'),
];
const CONTRACT = [
  col('indefinite', 'Hợp đồng không xác định thời hạn', 'Indefinite-term contracts'),
  col('fixedTerm', 'Hợp đồng xác định thời hạn', 'Fixed-term contracts'),
];
const TOTAL = text('tổng số', 'the total');
const ids = (cols: FieldDefinition[]) => cols.map((c) => c.id).join(' + ');

const rowChecks: CheckDefinition[] = [
  { id: 'femaleWithin', left: 'female', op: '<=', right: 'total', message: { key: 'reportForms:checks.notAbove' } },
  { id: 'over35Within', left: 'over35', op: '<=', right: 'total', message: { key: 'reportForms:checks.notAbove' } },
  equals(
    'qualificationSum',
    ids(QUALIFICATION),
    'total',
    text('Tổng theo trình độ', 'Sum by skill level'),
    TOTAL,
    'university',
  ),
  equals(
    'positionSum',
    ids(POSITION),
    'total',
    text('Tổng theo vị trí việc làm', 'Sum by position'),
    TOTAL,
    'managers',
  ),
];

/** The closing count is the opening count plus increases minus decreases, for every column. */
const balance = (c: string): CheckDefinition =>
  equals(
    `balance_${c}`,
    `labour.end.${c}`,
    `labour.start.${c} + labour.increase.${c} - labour.decrease.${c}`,
    text('Số cuối kỳ', 'The closing count'),
    text('đầu kỳ + tăng − giảm', 'opening + increases − decreases'),
  );

const columns = [
  col('total', 'Tổng số', 'Total', true),
  col('female', 'Lao động nữ', 'Women'),
  col('over35', 'Lao động trên 35 tuổi', 'Aged over 35'),
  ...QUALIFICATION,
  ...POSITION,
  ...CONTRACT,
];

export const labourChange = defineReportForm({
  code: 'labour-change',
  version: 1,
  title: text('Báo cáo tình hình thay đổi về lao động', 'Report on changes in labour use'),
  legalBasis: text('Nghị định 145/2020/NĐ-CP, Điều 4, Mẫu số 01/PLI', 'Decree 145/2020/ND-CP, Article 4, Form 01/PLI'),
  verified: false,
  sourceNote: text(
    'Thời hạn và số hiệu mẫu đã đối chiếu với Pháp điển; các cột chưa đối chiếu với Mẫu 01/PLI.',
    'Deadlines and form number checked against the legal code; the columns are not checked against Form 01/PLI.',
  ),
  sections: [
    {
      id: 'labour',
      title: text('Tình hình sử dụng lao động', 'Labour use'),
      verified: false,
      items: [
        {
          kind: 'table',
          id: 'labour',
          label: text('Số lao động', 'Workers'),
          rowHeader: text('Chỉ tiêu', 'Item'),
          fixedRows: [
            { key: 'start', label: text('Số lao động đầu kỳ', 'At the start of the period') },
            { key: 'increase', label: text('Số lao động tăng trong kỳ', 'Increase during the period') },
            { key: 'decrease', label: text('Số lao động giảm trong kỳ', 'Decrease during the period') },
            { key: 'end', label: text('Số lao động cuối kỳ', 'At the end of the period') },
          ],
          columns,
          rowChecks,
        },
      ],
    },
  ],
  checks: columns.map((c) => balance(c.id)),
});
