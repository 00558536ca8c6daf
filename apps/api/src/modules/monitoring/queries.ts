import { sql, type Expression, type SqlBool } from 'kysely';
import { addDays, addMonths } from '@portal/domain/equipment/rules';
import { MONITORING_DEADLINES } from '@portal/domain/monitoring/factors';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import type { Principal } from '../../platform/access/index.ts';
import { employerScope } from '../../platform/access/scope.ts';
import { deadlineInForce } from '../../platform/deadlines/index.ts';
import { allReadings } from './rollup.ts';
import type { ExposedWorker, MissingRow, Overview, OverviewRow, RepeatedRow } from '@portal/domain/monitoring/views';

/**
 * The department's views of monitoring, each within the caller's scope (an employer its own, a commune the
 * employers located in it, the department the province): exceedances by factor × commune × sector, employers
 * whose yearly monitoring is missing or late, employers with repeated exceedances, and the workers exposed to a
 * factor that exceeded (the employer's list for periodic examinations).
 */

export interface OverviewQuery {
  year: number;
  wardId?: string | undefined;
  sectorId?: string | undefined;
}

export interface OverviewTotals {
  reports: number;
  employers: number;
  readings: number;
  exceedances: number;
  flagged: number;
}

/**
 * The overview's two statements (totals from the reports' own counts; exceedances by factor × commune × sector
 * from their counts per factor), kept apart from their running so the bench runs the very same SQL bare.
 */
export function overviewStatements(principal: Principal | null, q: OverviewQuery) {
  const where = [sql<SqlBool>`r.deleted_at is null`, sql<SqlBool>`r.year = ${q.year}`, employerScope(principal)];
  if (q.wardId) where.push(sql<SqlBool>`b.ward_code = ${q.wardId}`);
  if (q.sectorId)
    where.push(sql<SqlBool>`exists (select 1 from business_sector_link s
      where s.business_id = b.id and s.is_main and s.sector_id = ${q.sectorId}::uuid)`);
  const reports = sql`select r.id, r.business_id, r.reading_count, r.exceedance_count from monitoring_report r
    join business b on b.id = r.business_id where ${sql.join(where, sql` and `)}`;
  // The reports' counts per factor (kept by the module as readings change), per factor × commune × main sector:
  // an employer has one commune and one main sector, so the counts of a factor add up across the rows. Each
  // flagged report meets its employer once (not once per factor), and the employers are counted by grouping
  // per employer first, so both steps aggregate by hashing instead of sorting every factor row.
  return {
    totals: sql<OverviewTotals>`
      select count(*)::int as reports, count(distinct business_id)::int as employers,
        coalesce(sum(reading_count), 0)::int as readings, coalesce(sum(exceedance_count), 0)::int as exceedances,
        count(*) filter (where exceedance_count > 0)::int as flagged
      from (${reports}) rep`,
    rows: sql<OverviewRow>`
      with rep as materialized (select r.id, r.business_id, b.ward_code, main.sector_id
        from monitoring_report r join business b on b.id = r.business_id
        left join business_sector_link main on main.business_id = b.id and main.is_main
        where ${sql.join(where, sql` and `)} and r.exceedance_count > 0),
      e as (select f.factor, rep.ward_code, rep.sector_id, rep.business_id, sum(f.exceedances)::int as exceedances,
          count(*)::int as reports
        from monitoring_report_factor f join rep on rep.id = f.report_id
        where f.exceedances > 0 group by 1, 2, 3, 4),
      g as (select factor, ward_code, sector_id, sum(exceedances)::int as exceedances, sum(reports)::int as reports,
          count(*)::int as employers
        from e group by 1, 2, 3)
      select g.factor, g.ward_code as "wardId", w.full_name as "wardName", g.sector_id as "sectorId", sec.name as "sectorName",
        g.exceedances, g.reports, g.employers
      from g left join admin_unit w on w.id = g.ward_code left join bussiness_sector sec on sec.id = g.sector_id
      order by g.exceedances desc, g.factor, w.full_name nulls last, sec.name nulls last, g.sector_id nulls last, g.ward_code`,
  };
}

/** The answer from the statements' rows: the factors' totals add up the rows (see `overviewStatements`). */
export function overviewAnswer(year: number, totals: OverviewTotals, rows: OverviewRow[]): Overview {
  const byFactor = new Map<string, { factor: string; exceedances: number; employers: number }>();
  for (const r of rows) {
    const f = byFactor.get(r.factor) ?? { factor: r.factor, exceedances: 0, employers: 0 };
    f.exceedances += r.exceedances;
    f.employers += r.employers;
    byFactor.set(r.factor, f);
  }
  return {
    year,
    reports: totals.reports,
    employers: totals.employers,
    readings: totals.readings,
    exceedances: totals.exceedances,
    reportsWithExceedances: totals.flagged,
    byFactor: [...byFactor.values()].sort((a, b) => b.exceedances - a.exceedances || a.factor.localeCompare(b.factor)),
    rows,
  };
}

export async function overview(db: Executor, principal: Principal | null, q: OverviewQuery): Promise<Overview> {
  const s = overviewStatements(principal, q);
  const totals = await s.totals.execute(db);
  const rows = await s.rows.execute(db);
  return overviewAnswer(q.year, totals.rows[0]!, rows.rows);
}

/** The day before which a last monitoring is late: today minus the interval in force (Law Art 18.2: a year). */
export async function monitoringCutoff(db: Executor, today: string): Promise<string> {
  const d = await deadlineInForce(db, MONITORING_DEADLINES.interval, today);
  return d.unit === 'months' ? addMonths(today, -d.amount) : addDays(today, -d.amount);
}

/** Active employers never monitored (`missing`) or whose last monitoring is older than the interval (`late`). */
export async function missingMonitoring(
  db: Executor,
  principal: Principal | null,
  q: {
    today: string;
    status?: 'missing' | 'late' | undefined;
    keyWord?: string | undefined;
    pageNumber: number;
    pageSize: number;
  },
): Promise<{ pageLists: MissingRow[]; totalRecord: number }> {
  const cutoff = await monitoringCutoff(db, q.today);
  const where = [sql<SqlBool>`b.status = 'active'`, employerScope(principal)];
  if (q.keyWord?.trim()) where.push(matchesKeyword(['b.name', 'b.code'], q.keyWord) as Expression<SqlBool>);
  const state =
    q.status === 'missing'
      ? sql<SqlBool>`l.last_on is null`
      : q.status === 'late'
        ? sql<SqlBool>`l.last_on < ${cutoff}::date`
        : sql<SqlBool>`(l.last_on is null or l.last_on < ${cutoff}::date)`;
  const interval = sql`(${q.today}::date - ${cutoff}::date)`;
  const page = await sqlPage<MissingRow>(db, q, {
    select: sql`b.id as "businessId", b.name as "businessName", b.code as "taxCode", b.ward_code as "wardId",
      (select w.full_name from admin_unit w where w.id = b.ward_code) as "wardName",
      l.last_on::text as "lastMonitoredOn", (l.last_on + ${interval})::text as "dueDate",
      case when l.last_on is null then 'missing' else 'late' end as status`,
    from: sql`business b
    left join (select business_id, max(monitored_on) as last_on from monitoring_report where deleted_at is null group by business_id) l
      on l.business_id = b.id`,
    where: [...where, state],
    order: sql`l.last_on nulls first, b.name, b.id`,
  });
  return { pageLists: page.rows, totalRecord: page.total };
}

/** Employers whose readings of one factor exceeded in at least `minYears` of the last `years` years. */
export async function repeatedExceedances(
  db: Executor,
  principal: Principal | null,
  q: { today: string; years: number; minYears: number; pageNumber: number; pageSize: number },
): Promise<{ pageLists: RepeatedRow[]; totalRecord: number }> {
  const since = Number(q.today.slice(0, 4)) - q.years + 1;
  const grouped = sql`
    select r.business_id, f.factor, array_agg(distinct r.year order by r.year) as years, sum(f.exceedances)::int as exceedances
    from monitoring_report r join business b on b.id = r.business_id
    join monitoring_report_factor f on f.report_id = r.id and f.exceedances > 0
    where r.deleted_at is null and r.exceedance_count > 0 and r.year >= ${since} and ${employerScope(principal)}
    group by r.business_id, f.factor
    having count(distinct r.year) >= ${q.minYears}`;
  const page = await sqlPage<RepeatedRow>(db, q, {
    select: sql`g.business_id as "businessId", b.name as "businessName",
      (select w.full_name from admin_unit w where w.id = b.ward_code) as "wardName", g.factor, g.years, g.exceedances`,
    from: sql`(${grouped}) g join business b on b.id = g.business_id`,
    countFrom: sql`(${grouped}) g`,
    where: [],
    order: sql`cardinality(g.years) desc, g.exceedances desc, b.name, g.factor`,
  });
  return { pageLists: page.rows.map((r) => ({ ...r, years: r.years.map(Number) })), totalRecord: page.total };
}

/**
 * Workers exposed to a factor that exceeded (Law 84/2015 Art 21: periodic examinations, occupational diseases):
 * the workers of the employer whose job position is one an exceeding reading of its latest monitored year (or
 * `year`) names, with their health class and occupational-disease cases.
 */
export async function exposedWorkers(
  db: Executor,
  principal: Principal | null,
  q: { businessId?: string | undefined; year?: number | undefined; pageNumber: number; pageSize: number },
): Promise<{ pageLists: ExposedWorker[]; totalRecord: number }> {
  const where = [sql<SqlBool>`r.deleted_at is null`, employerScope(principal)];
  if (q.businessId) where.push(sql<SqlBool>`r.business_id = ${q.businessId}::uuid`);
  const yearOf = q.year
    ? sql`${q.year}::int`
    : sql`(select max(r2.year) from monitoring_report r2 where r2.business_id = r.business_id and r2.deleted_at is null)`;
  const grouped = sql`
    with rep as materialized (select r.id, r.business_id, r.year from monitoring_report r join business b on b.id = r.business_id
      where ${sql.join(where, sql` and `)} and r.exceedance_count > 0 and r.year = ${yearOf}),
    x as (${allReadings(
      sql`report_id, position_id`,
      sql`deleted_at is null and verdict = 'exceeds' and position_id is not null and report_id in (select id from rep)`,
    )})
    select w.id as worker_id, rep.business_id, x.position_id, max(rep.year) as year,
      array_agg(distinct x.factor order by x.factor) as factors
    from x join rep on rep.id = x.report_id
    join worker w on w.business_id = rep.business_id and w.position_id = x.position_id and w.deleted_at is null
    group by w.id, rep.business_id, x.position_id`;
  const page = await sqlPage<ExposedWorker>(db, q, {
    select: sql`g.worker_id as "workerId", w.full_name as "fullName", g.business_id as "businessId", b.name as "businessName",
      g.position_id as "positionId", p.name as "positionName", g.factors, g.year::int as year,
      h.name as "healthClassName",
      (select count(*) from occupational_disease d where d.worker_id = w.id and d.deleted_at is null)::int as "occupationalDiseases"`,
    from: sql`(${grouped}) g join worker w on w.id = g.worker_id join business b on b.id = g.business_id
    left join position p on p.id = g.position_id left join classify_health h on h.id = w.health_class_id`,
    countFrom: sql`(${grouped}) g`,
    where: [],
    order: sql`b.name, p.name nulls last, w.full_name, w.id`,
  });
  return { pageLists: page.rows, totalRecord: page.total };
}
