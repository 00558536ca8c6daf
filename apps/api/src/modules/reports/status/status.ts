import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { filedOnTime, filingStatus, type FilingStatus, type SubmissionState } from '@portal/domain/reports/filing';
import type { Period } from '@portal/domain/reports/periods';
import type { Executor } from '../../../catalog/context.ts';
import { escapeLike, matchesKeyword } from '../../../db/search.ts';
import type { Principal } from '../../../platform/access/index.ts';
import { scopeCondition, scopeOf } from '../../../platform/access/scope.ts';
import { clock } from '../../../platform/clock/index.ts';
import { countColumns, filterCondition, standing, type CountRow, type Standing, type StatusFilter } from './counts.ts';
import { periodOf, reportTypeOf, type StatusReportType } from './reference.ts';

/**
 * How filing stands for one (report type, period): the counts and rates of filing.ts in all and by commune or
 * sector, and the reporters behind them, page by page.
 *
 * Who asks decides where the facts are read. The public, the department (every reporter) and a commune (the
 * reporters in its area) read the rollup: a few hundred groups, whatever the number of reporters. Anyone whose scope
 * is narrower than a commune (an employer, a training body: their own row) reads its rows of report_expected. Both
 * relations have the same columns and go through the same counting (counts.ts).
 */

/** The public, or a signed-in user (whose data scope applies). */
export type Viewer = { kind: 'public' } | { kind: 'user'; principal: Principal | null };

export const GROUP_BY = ['commune', 'sector'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

export interface StatusQuery {
  reportTypeId: string;
  periodKey: string;
  wardCode?: string | undefined;
  sectorId?: string | undefined;
}

interface Source {
  /** `from … where …` of the facts, under alias `f`. */
  from: RawBuilder<unknown>;
  /** How many reporters a row stands for. */
  weight: RawBuilder<unknown>;
  /** The commune's code or the sector's id of a row, as text. */
  key: (group: GroupBy) => RawBuilder<unknown>;
}

/**
 * `column` holds the commune `code` or a unit directly below it (the wards of a pre-2025 district): the rule of
 * platform/access/scope.ts `inLocalUnit`, said as a list of codes so the (type, period, ward) index answers it.
 */
function inArea(column: RawBuilder<unknown>, code: string): Expression<SqlBool> {
  return sql<SqlBool>`${column} in (select ${code}::text union all select au.id from admin_unit au where au.parent_id = ${code})`;
}

/** The viewer's reporters as a condition on report_expected `f`, or null when the viewer sees every reporter. */
export function scopeWhere(viewer: Viewer): Expression<SqlBool> | null {
  if (viewer.kind === 'public') return null;
  const scope = scopeOf(viewer.principal);
  if (scope.kind === 'localUnit') return inArea(sql`f.ward_code`, scope.localUnitCode);
  return scopeCondition(viewer.principal, {
    businessColumn: 'f.business_id',
    // Service centres and training bodies file as their unit.
    unitColumn: 'f.reporter_key',
  });
}

const DIMENSION: Record<GroupBy, 'ward' | 'sector'> = { commune: 'ward', sector: 'sector' };

/**
 * The rollup's dimension that answers the question, or null when only the rows can: the rollup counts by commune and
 * by sector apart, for the whole province, so it answers everything but a commune × sector cross (a commune's
 * sectors, a commune and a sector chosen together) and scopes narrower than a commune.
 */
function rollupDimension(viewer: Viewer, q: StatusQuery, group: GroupBy | null): 'ward' | 'sector' | null {
  const scope = viewer.kind === 'public' ? 'all' : scopeOf(viewer.principal).kind;
  const local = scope === 'localUnit';
  if (scope !== 'all' && !local) return null;
  const dimension = group ? DIMENSION[group] : q.sectorId ? 'sector' : 'ward';
  if (dimension === 'ward') return q.sectorId ? null : 'ward';
  return q.wardCode || local ? null : 'sector';
}

function sourceOf(viewer: Viewer, q: StatusQuery, extra: Expression<SqlBool>[], group: GroupBy | null): Source {
  const where: Expression<SqlBool>[] = [
    sql<SqlBool>`f.report_type_id = ${q.reportTypeId}::uuid`,
    sql<SqlBool>`f.period_key = ${q.periodKey}`,
    ...extra,
  ];
  const dimension = rollupDimension(viewer, q, group);
  if (dimension) {
    where.push(sql<SqlBool>`f.dimension = ${dimension}`);
    if (dimension === 'ward' && q.wardCode) where.push(sql<SqlBool>`f.key = ${q.wardCode}`);
    if (dimension === 'sector' && q.sectorId) where.push(sql<SqlBool>`f.key = ${q.sectorId}`);
    const scope = viewer.kind === 'user' ? scopeOf(viewer.principal) : null;
    if (scope?.kind === 'localUnit') where.push(inArea(sql`f.key`, scope.localUnitCode));
    return {
      from: sql`report_status_rollup f where ${sql.join(where, sql` and `)}`,
      weight: sql`f.reporters`,
      key: () => sql`f.key`,
    };
  }
  where.push(sql<SqlBool>`f.removed_at is null`);
  if (q.wardCode) where.push(sql<SqlBool>`f.ward_code = ${q.wardCode}`);
  if (q.sectorId) where.push(sql<SqlBool>`f.sector_id = ${q.sectorId}::uuid`);
  const scope = scopeWhere(viewer);
  if (scope) where.push(scope);
  return {
    from: sql`report_expected f where ${sql.join(where, sql` and `)}`,
    weight: sql`1`,
    key: (g) => (g === 'commune' ? sql`f.ward_code` : sql`f.sector_id::text`),
  };
}

export interface StatusRow extends Standing {
  /** The commune's code or the sector's id; null for reporters without one. */
  key: string | null;
  name: string | null;
  code: string | null;
}

export interface StatusAnswer {
  reportType: Pick<StatusReportType, 'id' | 'code' | 'name' | 'filer' | 'periodType' | 'formCode'>;
  period: Period;
  /** The schedule of the period's reporters (the earliest opening, the latest due day), null before it opens. */
  schedule: { opensOn: string; dueOn: string } | null;
  /** The day "missing" and "not open" are judged on (Vietnam's date). */
  today: string;
  /** When the counts were read. */
  asOf: string;
  groupBy: GroupBy;
  totals: Standing;
  rows: StatusRow[];
}

/** Where a group's name and code come from: one join per group row. */
const NAMES: Record<GroupBy, RawBuilder<unknown>> = {
  commune: sql`left join (select w.id, w.full_name as name, w.code from admin_unit w) n on n.id = g.key`,
  sector: sql`left join (select s.id::text as id, s.name, s.code from bussiness_sector s) n on n.id = g.key`,
};

/** A row of the counts' statement: a group's counts, or (total = 1) the whole's with the schedule. */
export type StatusSqlRow = CountRow & {
  key: string | null;
  total: number;
  opensOn: string | null;
  dueOn: string | null;
  name: string | null;
  code: string | null;
};

/**
 * The statement of the counts, grouped: one row per commune or sector and the total (grouping sets), with the
 * period's schedule on the total row. Apart from its running, so the bench runs the very same SQL bare.
 */
export function statusStatement(viewer: Viewer, q: StatusQuery & { groupBy: GroupBy }, today: string) {
  const source = sourceOf(viewer, q, [], q.groupBy);
  const key = source.key(q.groupBy);
  const names = NAMES[q.groupBy];
  return sql<StatusSqlRow>`
    select g.*, n.name, n.code from (
      select ${key} as key, grouping(${key})::int as total, ${countColumns(today, 'f', source.weight)},
        (min(f.opens_on) filter (where ${source.weight} > 0))::text as "opensOn",
        (max(f.due_on) filter (where ${source.weight} > 0))::text as "dueOn"
      from ${source.from}
      group by grouping sets ((${key}), ())
      having sum(${source.weight}) > 0 or grouping(${key}) = 1
    ) g ${names}
    order by g.total desc, n.name nulls last, g.key`;
}

/** Turns the statement's rows into the answer's totals, rows and schedule. */
export function statusParts(rows: readonly StatusSqlRow[]) {
  const total = rows.find((r) => Number(r.total) === 1);
  return {
    totals: standing(total),
    schedule: total?.opensOn && total.dueOn ? { opensOn: total.opensOn, dueOn: total.dueOn } : null,
    rows: rows
      .filter((r) => Number(r.total) !== 1)
      .map((r) => ({ key: r.key, name: r.name, code: r.code, ...standing(r) })),
  };
}

export async function statusOf(
  db: Executor,
  viewer: Viewer,
  q: StatusQuery & { groupBy: GroupBy },
): Promise<StatusAnswer> {
  const type = await reportTypeOf(db, q.reportTypeId);
  const period = periodOf(type, q.periodKey);
  const today = clock.today();
  const asOf = clock.now().toISOString();
  const rows = (await statusStatement(viewer, q, today).execute(db)).rows;
  const parts = statusParts(rows);
  return {
    reportType: {
      id: type.id,
      code: type.code,
      name: type.name,
      filer: type.filer,
      periodType: type.periodType,
      formCode: type.formCode,
    },
    period,
    schedule: parts.schedule,
    today,
    asOf,
    groupBy: q.groupBy,
    totals: parts.totals,
    rows: parts.rows,
  };
}

// ---------------------------------------------------------------------------------------------------- reporters

export const REPORTER_SORTS = ['reporterName', 'taxCode', 'firstSubmittedOn', 'wardName'] as const;
export type ReporterSort = (typeof REPORTER_SORTS)[number];

export interface ReporterQuery extends StatusQuery {
  status?: StatusFilter | undefined;
  keyWord?: string | undefined;
  pageNumber: number;
  pageSize: number;
  sortBy?: ReporterSort | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

export interface ReporterRow {
  expectedId: string;
  reporterKind: string;
  reporterKey: string;
  reporterName: string;
  businessId: string | null;
  taxCode: string | null;
  wardCode: string | null;
  wardName: string | null;
  sectorId: string | null;
  sectorName: string | null;
  opensOn: string;
  dueOn: string;
  status: FilingStatus;
  firstSubmittedOn: string | null;
  /** Filed by the due day (null: not filed). */
  onTime: boolean | null;
  submissionId: string | null;
}

export interface ReporterSqlRow {
  expected_id: string;
  reporter_kind: string;
  reporter_key: string;
  reporter_name: string;
  business_id: string | null;
  tax_code: string | null;
  ward_code: string | null;
  ward_name: string | null;
  sector_id: string | null;
  sector_name: string | null;
  opens_on: string;
  due_on: string;
  submission_status: string | null;
  first_submitted_on: string | null;
  filed: 'onTime' | 'late' | 'notFiled';
  submission_id: string | null;
}

const SORT_COLUMNS: Record<ReporterSort, RawBuilder<unknown>> = {
  reporterName: sql`f.reporter_name`,
  taxCode: sql`b.code`,
  firstSubmittedOn: sql`f.first_submitted_on`,
  wardName: sql`w.full_name`,
};

/** How many reporters a list holds, and their (latest) due day. */
interface Counted {
  n: number;
  due_on: string | null;
}

/**
 * A (type, period)'s reporters with their filing facts, in `order`: the statement with no paging (an export streams
 * it), the page of it, and the condition both share. The rows come in the order of report_expected's name index and
 * the few joins are made for the rows read only.
 */
export function reporterStatement(
  viewer: Viewer,
  q: StatusQuery & { keyWord?: string | undefined },
  filters: Expression<SqlBool>[],
  order: RawBuilder<unknown>,
) {
  const keyword = q.keyWord?.trim();
  const where: Expression<SqlBool>[] = [
    sql<SqlBool>`f.report_type_id = ${q.reportTypeId}::uuid`,
    sql<SqlBool>`f.period_key = ${q.periodKey}`,
    sql<SqlBool>`f.removed_at is null`,
    ...filters,
  ];
  if (q.wardCode) where.push(sql<SqlBool>`f.ward_code = ${q.wardCode}`);
  if (q.sectorId) where.push(sql<SqlBool>`f.sector_id = ${q.sectorId}::uuid`);
  const scope = scopeWhere(viewer);
  if (scope) where.push(scope);
  // Words of the name, or the start of the tax code (a commune's or unit's own key).
  if (keyword)
    where.push(sql<SqlBool>`(${matchesKeyword(['f.reporter_name'], keyword)}
      or exists (select 1 from business k where k.id = f.business_id and k.code like ${`${escapeLike(keyword)}%`})
      or (f.business_id is null and f.reporter_key = ${keyword}))`);
  const condition = sql.join(where, sql` and `);
  const select = sql`
    select f.id as expected_id, f.reporter_kind, f.reporter_key, f.reporter_name, f.business_id, b.code as tax_code,
      f.ward_code, w.full_name as ward_name, f.sector_id, s.name as sector_name, f.opens_on::text as opens_on,
      f.due_on::text as due_on, f.submission_status, f.first_submitted_on::text as first_submitted_on, f.filed,
      (select x.id from report_submission x where x.report_type_id = f.report_type_id and x.period_key = f.period_key
        and x.reporter_key = f.reporter_key and x.deleted_at is null limit 1) as submission_id
    from report_expected f
    left join business b on b.id = f.business_id
    left join admin_unit w on w.id = f.ward_code
    left join bussiness_sector s on s.id = f.sector_id
    where ${condition}
    order by ${order}`;
  return {
    all: sql<ReporterSqlRow>`${select}`,
    page: (p: { pageNumber: number; pageSize: number }) =>
      sql<ReporterSqlRow>`${select} limit ${p.pageSize} offset ${(p.pageNumber - 1) * p.pageSize}`,
    // The filters are conditions on the facts, which the rollup's groups carry too: with no words searched, the
    // rollup counts them when it can (sourceOf), else the rows do.
    count: keyword
      ? sql<Counted>`select count(*)::int as n, max(f.due_on)::text as due_on from report_expected f where ${condition}`
      : (() => {
          const source = sourceOf(viewer, q, filters, null);
          return sql<Counted>`select coalesce(sum(${source.weight}), 0)::int as n,
            (max(f.due_on) filter (where ${source.weight} > 0))::text as due_on from ${source.from}`;
        })(),
  };
}

/** A page of reporters and how many there are in all. */
export async function reporterPage(
  db: Executor,
  viewer: Viewer,
  q: StatusQuery & { keyWord?: string | undefined; pageNumber: number; pageSize: number },
  filters: Expression<SqlBool>[],
  order: RawBuilder<unknown>,
): Promise<{ rows: ReporterSqlRow[]; total: number; dueOn: string | null }> {
  const statement = reporterStatement(viewer, q, filters, order);
  const [page, counted] = await Promise.all([statement.page(q).execute(db), statement.count.execute(db)]);
  return { rows: page.rows, total: Number(counted.rows[0]?.n ?? 0), dueOn: counted.rows[0]?.due_on ?? null };
}

/** A reporter's row as the drill-down answers it: its standing by filing.ts. */
export function reporterRow(r: ReporterSqlRow, today: string): ReporterRow {
  const facts = { state: r.submission_status as SubmissionState | null, firstSubmittedOn: r.first_submitted_on };
  const schedule = { opensOn: r.opens_on, dueOn: r.due_on, closesOn: null };
  return {
    expectedId: r.expected_id,
    reporterKind: r.reporter_kind,
    reporterKey: r.reporter_key,
    reporterName: r.reporter_name,
    businessId: r.business_id,
    taxCode: r.tax_code,
    wardCode: r.ward_code,
    wardName: r.ward_name,
    sectorId: r.sector_id,
    sectorName: r.sector_name,
    opensOn: r.opens_on,
    dueOn: r.due_on,
    status: filingStatus(facts, schedule, today),
    firstSubmittedOn: r.first_submitted_on,
    onTime: filedOnTime(facts, schedule),
    submissionId: r.submission_id,
  };
}

/** The drill-down's filters and order (the page and the export read the same). */
export function reporterSelection(q: Pick<ReporterQuery, 'status' | 'sortBy' | 'sortOrder'>, today: string) {
  const direction = q.sortOrder === 'desc' ? sql`desc` : sql`asc`;
  const order =
    q.sortBy && q.sortBy !== 'reporterName'
      ? sql`${SORT_COLUMNS[q.sortBy]} ${direction} nulls last, f.reporter_name, f.id`
      : sql`f.reporter_name ${direction}, f.id ${direction}`;
  return { filters: q.status ? [filterCondition(q.status, today, 'f')] : [], order };
}

/** The drill-down: a page of the reporters with their standing, filtered by a count or a standing. */
export async function reportersOf(
  db: Executor,
  viewer: Viewer,
  q: ReporterQuery,
): Promise<{ pageLists: ReporterRow[]; totalRecord: number; today: string }> {
  periodOf(await reportTypeOf(db, q.reportTypeId), q.periodKey);
  const today = clock.today();
  const { filters, order } = reporterSelection(q, today);
  const page = await reporterPage(db, viewer, q, filters, order);
  return { pageLists: page.rows.map((r) => reporterRow(r, today)), totalRecord: page.total, today };
}
