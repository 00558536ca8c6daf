import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@portal/domain/format';
import { toLanguage, type Language } from '@portal/domain/languages';
import type { FilingStatus } from '@portal/domain/reports/filing';
import { periodText, type SubmissionStatus } from '@portal/domain/reports/workflow';
import type { ReportFormDefinition, ReportValues, Scalar } from '@portal/domain/report-forms/schema';
import { shownValue } from '../../../platform/report-form/FieldNote.tsx';

/** Small pieces the filing pages share: status tags, dates, periods in words, the fields of a form by path. */

export const dateText = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');
export const dateTimeText = (iso: string | null | undefined) => (iso ? formatDateTime(iso) : '—');

/** A period key in the page's language ("6 tháng đầu năm 2026"). */
export function usePeriodText(): (key: string) => string {
  const { t } = useTranslation('reportFiling');
  return (key) => periodText(key, (k, vars) => t(k, vars));
}

const FILING_COLORS: Record<FilingStatus, string> = {
  notOpen: 'default',
  open: 'default',
  draft: 'processing',
  submitted: 'blue',
  returned: 'warning',
  accepted: 'success',
  overdue: 'error',
};

/** Where an expected report stands (the list's words: overdue, not filed, filed…). */
export function FilingStatusTag({ status }: { status: FilingStatus }) {
  const { t } = useTranslation('reportFiling');
  return (
    <Tag color={FILING_COLORS[status]} data-testid="filing-status">
      {t(`filingStatuses.${status}`)}
    </Tag>
  );
}

/** A report's own state (the workflow's words). */
export function SubmissionStatusTag({ status }: { status: SubmissionStatus }) {
  const { t } = useTranslation('reportFiling');
  return (
    <Tag color={FILING_COLORS[status]} data-testid="submission-status">
      {t(`submission.statuses.${status}`)}
    </Tag>
  );
}

/** First filed after its due day (icon and words, not colour only). */
export function LateTag({ late }: { late: boolean | null }) {
  const { t } = useTranslation('reportFiling');
  if (!late) return null;
  return (
    <Tag color="warning" icon={<ClockCircleOutlined />} data-testid="filing-late">
      {t('pages.late')}
    </Tag>
  );
}

/**
 * Every value path of a form with its name as a person reads it: "Section › Field", or for a table's cell
 * "Table › Row › Column" (a fixed row's label, else "Row n").
 */
export function fieldLabels(
  def: ReportFormDefinition,
  values: ReportValues,
  lang: Language,
  rowWord: string,
): { path: string; label: string }[] {
  const out: { path: string; label: string }[] = [];
  for (const section of def.sections)
    for (const item of section.items) {
      if (item.kind !== 'table') {
        if (item.kind !== 'computed')
          out.push({ path: item.id, label: `${section.title[lang]} › ${item.label[lang]}` });
        continue;
      }
      const rows =
        item.fixedRows?.length ?? (Array.isArray(values[item.id]) ? (values[item.id] as unknown[]).length : 0);
      for (let i = 0; i < rows; i++) {
        const row = item.fixedRows?.[i]?.label[lang] ?? `${rowWord} ${i + 1}`;
        for (const c of item.columns)
          if (c.kind !== 'computed')
            out.push({ path: `${item.id}.${i}.${c.id}`, label: `${item.label[lang]} › ${row} › ${c.label[lang]}` });
      }
    }
  return out;
}

/** A path's name, or the path itself for one the form does not have. */
export function useFieldName(def: ReportFormDefinition, values: ReportValues): (path: string) => string {
  const { t, i18n } = useTranslation('reportForms');
  const lang = toLanguage(i18n.language);
  const names = new Map(fieldLabels(def, values, lang, t('form.row')).map((f) => [f.path, f.label]));
  return (path) => names.get(path) ?? path;
}

export interface CommentDraft {
  fieldPath: string | null;
  comment: string;
}

/**
 * The reviewer's comments on fields, written in the return dialog: a field of the form (searchable by its name)
 * and what is wrong with it, one row each; `onChange` hears every edit (the dialog reads them when it is sent).
 */
export function CommentsEditor({
  def,
  values,
  onChange,
}: {
  def: ReportFormDefinition;
  values: ReportValues;
  onChange: (comments: CommentDraft[]) => void;
}) {
  const { t, i18n } = useTranslation('reportFiling');
  const lang = toLanguage(i18n.language);
  const { t: tf } = useTranslation('reportForms');
  const options = fieldLabels(def, values, lang, tf('form.row')).map((f) => ({ value: f.path, label: f.label }));
  const [rows, setRows] = useState<CommentDraft[]>([{ fieldPath: null, comment: '' }]);
  const update = (next: CommentDraft[]) => {
    setRows(next);
    onChange(next);
  };
  // Each opening of the dialog mounts the editor anew: the comments of an earlier, cancelled opening are gone.
  const first = useRef({ onChange, rows });
  // A block body: an effect's return value is its clean-up, and onChange may return what it stored.
  useEffect(() => {
    first.current.onChange(first.current.rows);
  }, []);
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="return-comments">
      <Typography.Text strong>{t('pages.review.comments')}</Typography.Text>
      {rows.map((row, i) => (
        <Flex key={i} gap={8} align="start">
          <Flex vertical gap={4} style={{ flex: 1 }}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('pages.review.field')}
              aria-label={t('pages.review.fieldN', { n: i + 1 })}
              value={row.fieldPath ?? undefined}
              options={options}
              onChange={(v: string) => update(rows.map((r, k) => (k === i ? { ...r, fieldPath: v } : r)))}
              data-testid={`return-comment-field-${i}`}
            />
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              maxLength={2000}
              placeholder={t('pages.review.comment')}
              aria-label={t('pages.review.commentN', { n: i + 1 })}
              value={row.comment}
              onChange={(e) => update(rows.map((r, k) => (k === i ? { ...r, comment: e.target.value } : r)))}
              data-testid={`return-comment-text-${i}`}
            />
          </Flex>
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('pages.review.removeComment', { n: i + 1 })}
            disabled={rows.length === 1}
            onClick={() => update(rows.filter((_r, k) => k !== i))}
          />
        </Flex>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() => update([...rows, { fieldPath: null, comment: '' }])}
        data-testid="return-comment-add"
      >
        {t('pages.review.addComment')}
      </Button>
    </Flex>
  );
}

/** The declared values that differ from the portal's registers: shown to the filer and to the department alike. */
export function DifferencesTable({
  differences,
  name,
}: {
  differences: { path: string; before: Scalar; after: Scalar }[];
  name: (path: string) => string;
}) {
  const { t, i18n } = useTranslation('reportFiling');
  const { t: tf } = useTranslation('reportForms');
  const lang = toLanguage(i18n.language);
  const show = (v: Scalar) => shownValue(v, lang, tf);
  if (!differences.length)
    return <Typography.Paragraph type="secondary">{t('pages.differences.none')}</Typography.Paragraph>;
  return (
    <Table
      size="small"
      rowKey="path"
      pagination={false}
      dataSource={differences}
      data-testid="filing-differences"
      columns={[
        { title: t('pages.differences.field'), key: 'field', render: (_v, d) => name(d.path) },
        {
          title: t('pages.differences.register'),
          key: 'before',
          width: 180,
          align: 'right',
          render: (_v, d) => show(d.before),
        },
        {
          title: t('pages.differences.declared'),
          key: 'after',
          width: 180,
          align: 'right',
          render: (_v, d) => show(d.after),
        },
      ]}
    />
  );
}
