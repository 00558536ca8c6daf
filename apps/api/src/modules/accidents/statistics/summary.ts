import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { FIGURE_KEYS, type StatisticsFigures, type StatisticsPeriod } from '@portal/domain/accidents/statistics/index';
import type { Executor } from '../../../catalog/context.ts';
import { matchesKeyword } from '../../../db/search.ts';
import { sqlPage } from '../../../platform/list/index.ts';
import type { Principal } from '../../../platform/access/index.ts';
import { scopeCondition } from '../../../platform/access/scope.ts';
import { employerScope } from '../../../platform/access/scope.ts';
import { periodDueDate } from './reference.ts';

/**
 * The department's aggregation of the employers' submitted reports of a period, within the caller's scope (a
 * commune the employers located in it, the department the province): totals by section, and rows by cause, injury
 * factor, occupation, commune or main sector — read from the reports' stored rows (accident_statistical_row), never
 * from the raw accidents — and the employers that have not submitted their report.
 */

export const SUMMARY_DIMENSIONS = ['cause', 'factor', 'occupation', 'ward', 'sector'] as const;
export type SummaryDimension = (typeof SUMMARY_DIMENSIONS)[number];

export interface SummaryQuery {
  year: number;
  period: StatisticsPeriod;
  dimension: SummaryDimension;
  /** 1 occupational accidents, 2 allowance cases, 3 both (Appendix XII section 3). */
  section: 1 | 2 | 3;
  wardId?: string | undefined;
  sectorId?: string | undefined;
}

export interface SummaryRow extends StatisticsFigures {
  keyId: string | null;
  keyCode: string | null;
  keyName: string | null;
  reports: number;
}

export interface SummaryAnswer {
  year: number;
  period: StatisticsPeriod;
  dueDate: string | null;
  employers: number;
  submitted: number;
  notSubmitted: number;
  sections: { section: 1 | 2 | 3; figures: StatisticsFigures }[];
  rows: SummaryRow[];
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const sums = sql.join(
  FIGURE_KEYS.map((k) => sql`coalesce(sum(x.${sql.ref(snake(k))}), 0)::float8 as ${sql.ref(k)}`),
  sql`, `,
);

function employerFilter(
  principal: Principal | null,
  q: { wardId?: string | undefined; sectorId?: string | undefined },
) {
  const where: Expression<SqlBool>[] = [employerScope(principal)];
  if (q.wardId) where.push(sql<SqlBool>`b.ward_code = ${q.wardId}`);
  if (q.sectorId)
    where.push(sql<SqlBool>`exists (select 1 from business_sector_link s
      where s.business_id = b.id and s.is_main and s.sector_id = ${q.sectorId}::uuid)`);
  return sql.join(where, sql` and `);
}

/**
 * The period's submitted reports the caller sees, over alias `rep` (id, business_id). A caller who sees every
 * employer, with no commune or sector asked, needs no employer row: the reports come from their index alone.
 */
function submittedReports(principal: Principal | null, q: SummaryQuery): RawBuilder<unknown> {
  const period = sql`r.deleted_at is null and r.status = 'submitted' and r.year = ${q.year} and r.period = ${q.period}`;
  if (!q.wardId && !q.sectorId && scopeCondition(principal, { businessColumn: 'b.id' }) === null)
    return sql`select r.id, r.business_id from accident_statistical r where ${period}`;
  return sql`select r.id, r.business_id from accident_statistical r join business b on b.id = r.business_id
    where ${period} and ${employerFilter(principal, q)}`;
}

const sectionFilter = (section: 1 | 2 | 3) => (section === 3 ? sql`true` : sql`x.section = ${section}`);

/**
 * The statements of the aggregation, apart from their running, so the bench runs the very same SQL. `rep` is left
 * to the planner (not materialised): only reports with accidents have rows, and these few usually lead.
 */
export function summaryStatements(principal: Principal | null, q: SummaryQuery) {
  const rep = submittedReports(principal, q);
  const totals = sql<SummaryTotals>`
    with rep as (${rep})
    select x.section::int as section, ${sums}
    from accident_statistical_row x join rep on rep.id = x.report_id
    where x.dimension = 'total' group by x.section order by x.section`;
  let rows: RawBuilder<SummaryRow>;
  if (q.dimension === 'ward' || q.dimension === 'sector') {
    const key =
      q.dimension === 'ward'
        ? {
            id: sql`b.ward_code`,
            join: sql``,
            name: sql`(select w.full_name from admin_unit w where w.id = g.key_id)`,
            code: sql`g.key_id::text`,
          }
        : {
            id: sql`s.sector_id::text`,
            join: sql`left join business_sector_link s on s.business_id = b.id and s.is_main`,
            name: sql`(select n.name from bussiness_sector n where n.id::text = g.key_id)`,
            code: sql`(select n.code from bussiness_sector n where n.id::text = g.key_id)`,
          };
    rows = sql<SummaryRow>`
      with rep as (${rep}),
      g as (select ${key.id} as key_id, count(distinct x.report_id)::int as reports, ${sums}
        from accident_statistical_row x join rep on rep.id = x.report_id join business b on b.id = rep.business_id
        ${key.join}
        where x.dimension = 'total' and ${sectionFilter(q.section)} group by 1)
      select g.*, g.key_id as "keyId", ${key.code} as "keyCode", ${key.name} as "keyName" from g
      order by g.victims desc, g.accidents desc, "keyName" nulls last`;
  } else {
    const dimension = { cause: 'cause', factor: 'factor', occupation: 'occupation' }[q.dimension];
    const table = { cause: 'accident_reason', factor: 'injury_element', occupation: 'type_of_profession' }[q.dimension];
    rows = sql<SummaryRow>`
      with rep as (${rep}),
      g as (select x.key_id, count(distinct x.report_id)::int as reports, ${sums}
        from accident_statistical_row x join rep on rep.id = x.report_id
        where x.dimension = ${dimension} and ${sectionFilter(q.section)} group by x.key_id)
      select g.*, g.key_id as "keyId", k.code as "keyCode", k.name as "keyName"
      from g left join ${sql.table(table)} k on k.id = g.key_id
      order by k.code nulls last, g.victims desc`;
  }
  const counts = sql<{ employers: number; submitted: number }>`
    select count(*)::int as employers, count(r.id)::int as submitted
    from business b left join accident_statistical r on r.business_id = b.id and r.deleted_at is null
      and r.status = 'submitted' and r.year = ${q.year} and r.period = ${q.period}
    where b.status = 'active' and ${employerFilter(principal, q)}`;
  return { totals, rows, counts };
}

export type SummaryTotals = StatisticsFigures & { section: number };

/** The answer from the statements' rows (numeric sums come back as numbers or text, by driver). */
export function summaryAnswer(
  q: Pick<SummaryQuery, 'year' | 'period'>,
  totals: readonly SummaryTotals[],
  rows: readonly SummaryRow[],
  counts: { employers: number; submitted: number } | undefined,
  dueDate: string | null,
): SummaryAnswer {
  const zero = Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as unknown as StatisticsFigures;
  const pick = (r: StatisticsFigures | undefined): StatisticsFigures =>
    r ? (Object.fromEntries(FIGURE_KEYS.map((k) => [k, Number(r[k])])) as unknown as StatisticsFigures) : zero;
  const one = pick(totals.find((t) => Number(t.section) === 1));
  const two = pick(totals.find((t) => Number(t.section) === 2));
  const three = Object.fromEntries(FIGURE_KEYS.map((k) => [k, one[k] + two[k]])) as unknown as StatisticsFigures;
  const c = counts ?? { employers: 0, submitted: 0 };
  return {
    year: q.year,
    period: q.period,
    dueDate,
    employers: Number(c.employers),
    submitted: Number(c.submitted),
    notSubmitted: Math.max(0, Number(c.employers) - Number(c.submitted)),
    sections: [
      { section: 1, figures: one },
      { section: 2, figures: two },
      { section: 3, figures: three },
    ],
    rows: rows.map((r) => ({
      keyId: r.keyId,
      keyCode: r.keyCode,
      keyName: r.keyName,
      reports: Number(r.reports),
      ...pick(r),
    })),
  };
}

export async function summary(db: Executor, principal: Principal | null, q: SummaryQuery): Promise<SummaryAnswer> {
  const s = summaryStatements(principal, q);
  const totals = (await s.totals.execute(db)).rows;
  const rows = (await s.rows.execute(db)).rows;
  const counts = (await s.counts.execute(db)).rows[0];
  return summaryAnswer(q, totals, rows, counts, await periodDueDate(db, q.year, q.period));
}

export interface NotReportedRow {
  businessId: string;
  businessName: string;
  taxCode: string | null;
  wardName: string | null;
  reportId: string | null;
  reportStatus: string | null;
}

/** Active employers in scope with no submitted report of the period (with their draft or returned one, if any). */
export async function notReported(
  db: Executor,
  principal: Principal | null,
  q: {
    year: number;
    period: StatisticsPeriod;
    keyWord?: string | undefined;
    wardId?: string | undefined;
    sectorId?: string | undefined;
    pageNumber: number;
    pageSize: number;
  },
): Promise<{ pageLists: NotReportedRow[]; totalRecord: number; dueDate: string | null }> {
  const where: Expression<SqlBool>[] = [
    sql<SqlBool>`b.status = 'active'`,
    employerFilter(principal, q) as Expression<SqlBool>,
  ];
  if (q.keyWord?.trim()) where.push(matchesKeyword(['b.name', 'b.code'], q.keyWord) as Expression<SqlBool>);
  const page = await sqlPage<NotReportedRow>(db, q, {
    select: sql`b.id as "businessId", b.name as "businessName", b.code as "taxCode",
      (select w.full_name from admin_unit w where w.id = b.ward_code) as "wardName",
      r.id as "reportId", r.status as "reportStatus"`,
    from: sql`business b
    left join accident_statistical r on r.business_id = b.id and r.deleted_at is null and r.year = ${q.year}
      and r.period = ${q.period}`,
    where: [...where, sql<SqlBool>`(r.id is null or r.status <> 'submitted')`],
    order: sql`b.name, b.id`,
  });
  return {
    pageLists: page.rows,
    totalRecord: page.total,
    dueDate: await periodDueDate(db, q.year, q.period),
  };
}
