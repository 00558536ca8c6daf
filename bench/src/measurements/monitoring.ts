import { sql } from 'kysely';
import { READING_FACTORS } from '@portal/domain/monitoring/factors';
import type { Db } from '../../../apps/api/src/db/database.ts';
import { ensureCatalogSchema } from '../../../apps/api/src/catalog/schema.ts';
import type { OverviewRow } from '@portal/domain/monitoring/views';
import {
  overviewAnswer,
  overviewStatements,
  type OverviewTotals,
} from '../../../apps/api/src/modules/monitoring/queries.ts';
import { allReadings } from '../../../apps/api/src/modules/monitoring/rollup.ts';
import { clock } from '../../../apps/api/src/platform/clock/index.ts';
import { compareWithBare, goals, type BenchContext, type Measurement, type ResultRow } from '../harness.ts';
import { benchUuid, dropLoadIndexes, guarded, signIn, type Session } from './shared.ts';

/**
 * Working-environment monitoring at province scale: 50 000 yearly reports (BENCH_MONITORING_REPORTS overrides)
 * with 100 readings each — 5 000 000 readings over the nine factor tables (noise and microclimate a quarter each,
 * lighting a fifth, dust and chemicals a tenth, the rest a few) — by 10 000 employers (the province's, copied
 * into `business` as branches, tax code + "-QT") over five years. About 40 % of reports hold exceedances, 12 % of
 * their readings each.
 *
 * The department's exceedance overview of the current year (`get-overview`: totals, exceedances by factor ×
 * commune × main sector, by factor), and the same for one employer signed in as it, each against the same two
 * statements (apps/api/src/modules/monitoring/queries.ts `overviewStatements`) run bare through pg.
 */

const GENERATION = 1;
const SEED = 11;
const SOURCE = 'bench-monitoring';
const BRANCH = '-QT';
const READINGS_PER_REPORT = 100;
const YEARS = 5;
const BATCH = 2_000;
/** Readings j of a report, by factor: [first, last] of 1‥100. */
const SHARE: Record<string, [number, number]> = {
  noise: [1, 25],
  climate: [26, 50],
  light: [51, 70],
  dust: [71, 80],
  chemical: [81, 90],
  vibration: [91, 94],
  radiation: [95, 96],
  job: [97, 98],
  other: [99, 100],
};

export function monitoringReports(): number {
  const set = Number(process.env.BENCH_MONITORING_REPORTS);
  return Number.isInteger(set) && set > 0 ? set : 50_000;
}

interface Generated {
  generation: number;
  reports: number;
  employers: number;
  year: number;
}

/** The reports' counts, per factor and in all, as the module's hooks keep them (rollup.ts refreshReports). */
async function countPerFactor(db: Db): Promise<void> {
  await sql`truncate monitoring_report_factor`.execute(db);
  await sql`insert into monitoring_report_factor (report_id, factor, readings, exceedances)
    select report_id, factor, count(*)::int, (count(*) filter (where verdict = 'exceeds'))::int
    from (${allReadings(sql`report_id, verdict`)}) u group by report_id, factor`.execute(db);
  await sql`update monitoring_report r set exceedance_count = x.n, measures_status = case when x.n > 0 then 'required' else 'none' end
    from (select report_id, sum(exceedances)::int as n from monitoring_report_factor group by report_id) x
    where x.report_id = r.id`.execute(db);
  await sql`vacuum (analyze) monitoring_report_factor`.execute(db);
}

async function ensureMonitoring(db: Db, province: { employers: number }, log: (l: string) => void): Promise<Generated> {
  await sql`create table if not exists bench.meta (key text primary key, value jsonb not null)`.execute(db);
  const reports = monitoringReports();
  const employers = Math.max(1, Math.min(province.employers, Math.ceil(reports / YEARS)));
  const year = Number(clock.today().slice(0, 4));
  const stored = (await sql<{ value: Generated }>`select value from bench.meta where key = 'monitoring'`.execute(db))
    .rows[0]?.value;
  if (
    stored?.generation === GENERATION &&
    stored.reports === reports &&
    stored.employers === employers &&
    stored.year === year
  )
    return stored;
  const started = performance.now();
  log(
    `  generating ${reports.toLocaleString('en-US')} reports, ${(reports * READINGS_PER_REPORT).toLocaleString('en-US')} readings`,
  );
  await sql`delete from bench.meta where key = 'monitoring'`.execute(db);
  await sql`truncate ${sql.join(READING_FACTORS.map((f) => sql.table(f.table)))}, monitoring_report`.execute(db);
  // The employer users a previous run signed in as, and their units, go with the employers.
  await sql`delete from app_user where unit_id in (select u.id from unit u join business b on b.id = u.business_id where b.source = ${SOURCE})`.execute(
    db,
  );
  await sql`delete from unit where business_id in (select id from business where source = ${SOURCE})`.execute(db);
  await sql`delete from business_sector_link where business_id in (select id from business where source = ${SOURCE})`.execute(
    db,
  );
  await sql`delete from business where source = ${SOURCE}`.execute(db);
  await sql`delete from monitoring_organization where created_by = 'bench'`.execute(db);

  await sql`insert into business (id, code, name, address, ward_code, status, employee_count, source, created_at, updated_at, created_by)
      select ${benchUuid('monitoring-employer', sql`e.id`)}, e.tax_code || ${BRANCH}, e.name || ' - Cơ sở sản xuất', e.address,
        '2025:' || e.ward_code, 'active', e.employee_count, ${SOURCE}, e.created_at, e.created_at, 'bench'
      from bench.employer e where e.id <= ${employers}`.execute(db);
  // A main sector each, among the top-level sectors.
  await sql`insert into business_sector_link (business_id, sector_id, is_main)
      select b.id, s.ids[1 + abs(hashint8extended(e.id, ${SEED})) % cardinality(s.ids)], true
      from bench.employer e join business b on b.id = ${benchUuid('monitoring-employer', sql`e.id`)}
      cross join (select array_agg(id order by code) as ids from bussiness_sector where deleted_at is null and parent_id is null) s
      where e.id <= ${employers} and cardinality(s.ids) > 0`.execute(db);
  const org = benchUuid('monitoring-organization', sql`1`);
  await sql`insert into monitoring_organization (id, code, name, certificate_number, valid_from, created_by, updated_by)
      values (${org}, 'QT-BENCH', 'Trung tâm Quan trắc môi trường lao động (bench)', 'BENCH/ĐKQTMTLĐ', '2015-01-01', 'bench', 'bench')`.execute(
    db,
  );

  for (const f of READING_FACTORS) await dropLoadIndexes(db, f.table);
  await dropLoadIndexes(db, 'monitoring_report');
  // Report i: employer 1 + (i-1) % E, year (current) - (i-1) / E; flagged (holding exceedances) for 40 %.
  const E = employers;
  for (let first = 1; first <= reports; first += BATCH) {
    const last = Math.min(reports, first + BATCH - 1);
    const r = sql`(select i, abs(hashint8extended(i, ${SEED})) as h, 1 + (i - 1) % ${E} as emp,
        ${year} - ((i - 1) / ${E})::int as y from generate_series(${first}::bigint, ${last}::bigint) i) r`;
    await sql`insert into monitoring_report (id, code, business_id, year, organization_id, monitored_on, exposed_workers,
        reading_count, exceedance_count, measures_status, created_by, updated_by)
      select ${benchUuid('monitoring-report', sql`r.i`)}, 'QT-' || lpad(r.i::text, 7, '0'),
        ${benchUuid('monitoring-employer', sql`r.emp`)}, r.y, ${org}, make_date(r.y, 1 + (r.h % 11)::int, 1 + (r.h / 11 % 27)::int),
        10 + r.h % 200, ${READINGS_PER_REPORT}, 0, 'none', 'bench', 'bench'
      from ${r}`.execute(db);
    for (const f of READING_FACTORS) {
      const [lo, hi] = SHARE[f.factor]!;
      await sql`insert into ${sql.table(f.table)} (code, report_id, business_id, position, measured_on, verdict, limit_text,
          regulation, exposed_workers, created_by, updated_by)
        select 'M' || r.i || '-' || j, ${benchUuid('monitoring-report', sql`r.i`)}, ${benchUuid('monitoring-employer', sql`r.emp`)},
          'Vị trí đo ' || j, make_date(r.y, 1 + (r.h % 11)::int, 1 + (r.h / 11 % 27)::int),
          case when r.h % 100 < 40 and abs(hashint8extended(r.i * 128 + j, ${SEED})) % 100 < 12 then 'exceeds' else 'pass' end,
          '≤ 85 dBA', 'QCVN', 1 + (r.h + j) % 30, 'bench', 'bench'
        from ${r} cross join generate_series(${lo}::int, ${hi}::int) j`.execute(db);
    }
    if (last % 10_000 === 0 || last === reports) log(`    ${last.toLocaleString('en-US')} reports`);
  }
  await countPerFactor(db);
  await sql`delete from app_setting where key = 'catalog.schema'`.execute(db);
  await ensureCatalogSchema(db, undefined, { afterMigrations: true });
  for (const table of ['business', 'business_sector_link', 'monitoring_report', ...READING_FACTORS.map((f) => f.table)])
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  const done: Generated = { generation: GENERATION, reports, employers, year };
  await sql`insert into bench.meta (key, value) values ('monitoring', ${JSON.stringify(done)}::jsonb)
            on conflict (key) do update set value = excluded.value`.execute(db);
  log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return done;
}

async function compareOverview(
  ctx: BenchContext,
  name: string,
  session: Session,
  year: number,
  rows: number,
): Promise<ResultRow[]> {
  const statements = overviewStatements(session.principal, { year });
  const db = ctx.database.db;
  const totals = statements.totals.compile(db);
  const byWard = statements.rows.compile(db);
  return compareWithBare(ctx, {
    name,
    path: `/api/ObservationMonitor/get-overview?year=${year}`,
    rows,
    headers: session.headers,
    goals: [
      goals.minRatio(0.6, { databases: ['postgres'], minRows: 1_000_000 }),
      goals.maxP95(1000, { databases: ['postgres'], minRows: 1_000_000 }),
    ],
    async bare() {
      const t = await ctx.barePool.query<OverviewTotals>(totals.sql, [...totals.parameters]);
      const w = await ctx.barePool.query<OverviewRow>(byWard.sql, [...byWard.parameters]);
      return overviewAnswer(year, t.rows[0]!, w.rows);
    },
  });
}

export const monitoring: Measurement = {
  name: 'monitoring',
  description:
    'working-environment monitoring (50 000 reports, 5 000 000 readings over nine factor tables): the exceedance overview of the year as the department and as an employer: API vs bare',
  async run(ctx) {
    const generated = await ensureMonitoring(ctx.database.db, ctx.province, ctx.log);
    const readings = generated.reports * READINGS_PER_REPORT;
    const department = await signIn(ctx, 'department', ['ObservationMonitor.read']);
    const largest = (
      await sql<{ id: string }>`select ${benchUuid('monitoring-employer', sql`1`)}::text as id`.execute(ctx.database.db)
    ).rows[0]!.id;
    const employer = await signIn(ctx, 'employer', ['ObservationMonitor.read'], largest);
    return [
      ...(await guarded(ctx, 'monitoring overview (department)', () =>
        compareOverview(ctx, 'monitoring overview (department)', department, generated.year, readings),
      )),
      ...(await guarded(ctx, 'monitoring overview (employer)', () =>
        compareOverview(ctx, 'monitoring overview (employer)', employer, generated.year, readings),
      )),
    ];
  },
};
