import { sql, type Expression, type SqlBool } from 'kysely';
import { translate, type Language } from '@portal/domain/i18n';
import type { Period } from '@portal/domain/reports/periods';
import {
  computeTotals,
  computeValues,
  modelOf,
  REPORT_FORMS,
  type FieldDefinition,
  type ReportFormDefinition,
  type ReportRow,
  type ReportValues,
} from '@portal/domain/report-forms/index';
import type { Executor } from '../../../catalog/context.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { clock } from '../../../platform/clock/index.ts';
import { periodOf, reportTypeOf, type StatusReportType } from './reference.ts';
import { scopeWhere, statusOf, type Viewer } from './status.ts';

/**
 * The department's consolidated report of a (type, period) to the ministry: every numeric field of the type's form
 * added up over the accepted submissions of its expected reporters, and the share of the expected reports it rests
 * on. The sums are made by the database over each submission's stored values (one pass over the accepted
 * submissions, whatever the form); the form definition (packages/domain/src/report-forms) then says what they are:
 * a field's total, a fixed row's cells, a free table's columns added over all its rows; computed fields are computed
 * again over the totals (a ratio of sums, not a sum of ratios). Text, dates and choices are not consolidated.
 */

const fail = (status: number, code: string) =>
  new AppError(status, code, { messageKey: `reportStatus:errors.${code}` });

const NUMERIC_INPUT = new Set<FieldDefinition['kind']>(['integer', 'decimal']);
const NUMERIC = new Set<FieldDefinition['kind']>(['integer', 'decimal', 'computed']);

/** One line of the consolidated report, as the page, the PDF and the spreadsheet show it. */
export interface ConsolidatedLine {
  kind: 'section' | 'heading' | 'value';
  /** The value's path in the form's values (`field`, `table.2.column`, `table.column` for a column's total). */
  path: string | null;
  label: string;
  unit: string | null;
  value: number | null;
}

export interface ConsolidatedReport {
  reportType: Pick<StatusReportType, 'id' | 'code' | 'name' | 'filer' | 'periodType'>;
  period: Period;
  form: { code: string; version: number; title: string; legalBasis: string; verified: boolean };
  asOf: string;
  today: string;
  dueOn: string | null;
  basis: { expected: number; accepted: number; share: number | null; summed: number };
  values: ReportValues;
  lines: ConsolidatedLine[];
}

/**
 * The sums of every number in the accepted submissions' values, by path (`field`, `table.i.column`), over alias `s`
 * (report_submission) joined to its expected reporter `f` (not removed, within the viewer's scope).
 */
export function sumsStatement(q: { reportTypeId: string; periodKey: string }, scope: Expression<SqlBool> | null) {
  const object = (v: ReturnType<typeof sql>) =>
    sql`case when jsonb_typeof(${v}) = 'object' then ${v} else '{}'::jsonb end`;
  const array = (v: ReturnType<typeof sql>) =>
    sql`case when jsonb_typeof(${v}) = 'array' then ${v} else '[]'::jsonb end`;
  return sql<{ path: string; total: number }>`
    with accepted as (
      select s.values as v from report_submission s
      join report_expected f on f.report_type_id = s.report_type_id and f.period_key = s.period_key
        and f.reporter_key = s.reporter_key and f.removed_at is null
      where s.report_type_id = ${q.reportTypeId}::uuid and s.period_key = ${q.periodKey} and s.status = 'accepted'
        and s.deleted_at is null ${scope ? sql`and ${scope}` : sql``}
    ),
    numbers as (
      select t.key as path, (t.value #>> '{}')::numeric as n
      from accepted a cross join lateral jsonb_each(${object(sql`a.v`)}) t where jsonb_typeof(t.value) = 'number'
      union all
      select t.key || '.' || (r.i - 1) || '.' || c.key, (c.value #>> '{}')::numeric
      from accepted a cross join lateral jsonb_each(${object(sql`a.v`)}) t
        cross join lateral jsonb_array_elements(${array(sql`t.value`)}) with ordinality r(item, i)
        cross join lateral jsonb_each(${object(sql`r.item`)}) c
      where jsonb_typeof(c.value) = 'number'
    )
    select path, sum(n)::float8 as total from numbers group by path
    union all
    select '', count(*)::float8 from accepted`;
}

/** The form's values from the sums: numeric inputs added up, computed fields computed again. */
export function consolidatedValues(def: ReportFormDefinition, sums: ReadonlyMap<string, number>): ReportValues {
  const m = modelOf(def);
  const values: ReportValues = {};
  for (const f of m.fields.values()) values[f.id] = NUMERIC_INPUT.has(f.kind) ? (sums.get(f.id) ?? null) : null;
  for (const t of m.tables.values()) {
    const cell = (c: FieldDefinition, rows: number[]) => {
      if (!NUMERIC_INPUT.has(c.kind)) return null;
      const found = rows.map((i) => sums.get(`${t.id}.${i}.${c.id}`)).filter((n): n is number => n !== undefined);
      return found.length ? found.reduce((a, b) => a + b, 0) : null;
    };
    if (t.fixedRows) {
      values[t.id] = t.fixedRows.map((_row, i) => Object.fromEntries(t.columns.map((c) => [c.id, cell(c, [i])])));
    } else {
      // A free table's rows (one accident, one class…) are not comparable across reporters: one row of totals.
      const indexes = new Set<number>();
      const prefix = `${t.id}.`;
      for (const path of sums.keys())
        if (path.startsWith(prefix)) indexes.add(Number(path.slice(prefix.length).split('.')[0]));
      const all = [...indexes].filter(Number.isInteger);
      values[t.id] = all.length ? [Object.fromEntries(t.columns.map((c) => [c.id, cell(c, all)])) as ReportRow] : [];
    }
  }
  return computeValues(def, values);
}

/** The lines the consolidated report shows: sections, each numeric field, each numeric cell of a table. */
export function consolidatedLines(def: ReportFormDefinition, values: ReportValues, lang: Language, totalLabel: string) {
  const totals = computeTotals(def, values);
  const lines: ConsolidatedLine[] = [];
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  for (const section of def.sections) {
    lines.push({ kind: 'section', path: null, label: section.title[lang], unit: null, value: null });
    for (const item of section.items) {
      if (item.kind !== 'table') {
        if (NUMERIC.has(item.kind))
          lines.push({
            kind: 'value',
            path: item.id,
            label: item.label[lang],
            unit: item.unit?.[lang] ?? null,
            value: num(values[item.id]),
          });
        continue;
      }
      const columns = item.columns.filter((c) => NUMERIC.has(c.kind));
      if (!columns.length) continue;
      lines.push({ kind: 'heading', path: item.id, label: item.label[lang], unit: null, value: null });
      const rows = Array.isArray(values[item.id]) ? (values[item.id] as ReportRow[]) : [];
      const labelled = item.fixedRows
        ? item.fixedRows.map((r, i) => ({ label: r.label[lang], row: rows[i], i }))
        : rows.slice(0, 1).map((row) => ({ label: totalLabel, row, i: 0 }));
      for (const { label, row, i } of labelled)
        for (const c of columns)
          lines.push({
            kind: 'value',
            path: `${item.id}.${i}.${c.id}`,
            label: columns.length === 1 ? label : `${label} — ${c.label[lang]}`,
            unit: c.unit?.[lang] ?? null,
            value: num(row?.[c.id]),
          });
      if (item.fixedRows && item.totals)
        for (const c of columns)
          lines.push({
            kind: 'value',
            path: `${item.id}.${c.id}`,
            label: columns.length === 1 ? totalLabel : `${totalLabel} — ${c.label[lang]}`,
            unit: c.unit?.[lang] ?? null,
            value: num(totals[`${item.id}.${c.id}`]),
          });
    }
  }
  return lines;
}

export async function consolidatedReport(
  db: Executor,
  viewer: Viewer,
  q: { reportTypeId: string; periodKey: string },
  lang: Language,
): Promise<ConsolidatedReport> {
  const type = await reportTypeOf(db, q.reportTypeId);
  const period = periodOf(type, q.periodKey);
  const def = REPORT_FORMS.latest(type.formCode);
  if (!def) throw fail(400, 'formNotFound');
  const status = await statusOf(db, viewer, { ...q, groupBy: 'commune' });
  const sumRows = (await sumsStatement(q, scopeWhere(viewer)).execute(db)).rows;
  const sums = new Map(sumRows.filter((r) => r.path !== '').map((r) => [r.path, Number(r.total)]));
  const summed = Number(sumRows.find((r) => r.path === '')?.total ?? 0);
  const values = consolidatedValues(def, sums);
  const { expected, accepted } = status.totals;
  return {
    reportType: {
      id: type.id,
      code: type.code,
      name: type.name,
      filer: type.filer,
      periodType: type.periodType,
    },
    period,
    form: {
      code: def.code,
      version: def.version,
      title: def.title[lang],
      legalBasis: def.legalBasis[lang],
      verified: def.verified,
    },
    asOf: clock.now().toISOString(),
    today: status.today,
    dueOn: status.schedule?.dueOn ?? null,
    basis: { expected, accepted, share: expected > 0 ? accepted / expected : null, summed },
    values,
    lines: consolidatedLines(def, values, lang, translate(lang, 'reportStatus:consolidated.total')),
  };
}
