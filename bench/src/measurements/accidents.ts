import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../apps/api/src/db/database.ts';
import { ensureCatalogSchema } from '../../../apps/api/src/catalog/schema.ts';
import { periodDueDate } from '../../../apps/api/src/modules/accidents/statistics/reference.ts';
import {
  summaryAnswer,
  summaryStatements,
  type SummaryQuery,
  type SummaryRow,
  type SummaryTotals,
} from '../../../apps/api/src/modules/accidents/statistics/summary.ts';
import { clock } from '../../../apps/api/src/platform/clock/index.ts';
import { compareWithBare, goals, type BenchContext, type Measurement, type ResultRow } from '../harness.ts';
import { benchUuid, dropLoadIndexes, guarded, signIn, type Session } from './shared.ts';
import { ensureWorkers } from './workers.ts';

/**
 * Occupational accidents at province scale: five past years of a province — one accident per five workers
 * (200 000 on the full bench's 1 000 000 workers and 50 000 employers; BENCH_ACCIDENTS overrides), each with one
 * victim (85 %), two (10 %) or three (5 %) — and the employers' Appendix XII reports of the ten periods (six months
 * and year), submitted by nine employers in ten, each with its rows per section × cause, injury factor and
 * occupation as the statistics module stores them when a report's victims change.
 *
 * The department's aggregation of the last full year (`get-summary`, by cause and by commune) and one employer's own,
 * each against the same statements (apps/api/src/modules/accidents/statistics/summary.ts `summaryStatements`) run
 * bare through pg.
 */

const GENERATION = 1;
const SEED = 29;
const YEARS = 5;
const BATCH = 20_000;

export function accidentCount(province: { workers: number }): number {
  const set = Number(process.env.BENCH_ACCIDENTS);
  return Number.isInteger(set) && set > 0 ? set : Math.max(1_000, Math.round(province.workers / 5));
}

interface Generated {
  generation: number;
  accidents: number;
  employers: number;
  year: number;
}

const employerId = (n: RawBuilder<unknown>) => benchUuid('employer', n);

/**
 * The stored rows of every report, computed in SQL the way the module's computation does for one report
 * (packages/domain/src/accidents/statistics: an accident counts once per row it has a victim in; its fatal and
 * several-victims facts, property damage and other costs are its own).
 */
async function rollUp(db: Db): Promise<void> {
  await sql`truncate accident_statistical_row`.execute(db);
  const keys: [string, RawBuilder<unknown>][] = [
    ['total', sql`null::uuid`],
    ['cause', sql`a.accident_reason_id`],
    ['factor', sql`a.injury_element_id`],
    ['occupation', sql`v.occupation_id`],
  ];
  for (const [dimension, key] of keys)
    await sql`insert into accident_statistical_row (report_id, section, dimension, key_id, accidents, fatal_accidents,
        multi_victim_accidents, victims, female_victims, deaths, serious_injuries, outside_victims, outside_female,
        outside_deaths, outside_serious, days_off, medical_cost, wage_cost, compensation_cost, other_cost, total_cost,
        property_damage)
      select report_id, section, ${dimension}, key_id, count(distinct accident_id), count(distinct accident_id) filter (where fatal),
        count(distinct accident_id) filter (where multi), count(*), count(*) filter (where female),
        count(*) filter (where severity = 'fatal'), count(*) filter (where severity = 'serious'),
        count(*) filter (where not under_management), count(*) filter (where not under_management and female),
        count(*) filter (where not under_management and severity = 'fatal'),
        count(*) filter (where not under_management and severity = 'serious'),
        sum(days_off), sum(medical_cost), sum(wage_cost), sum(compensation_cost),
        sum(other_cost) filter (where first), sum(medical_cost + wage_cost + compensation_cost) + coalesce(sum(other_cost) filter (where first), 0),
        coalesce(sum(property_damage) filter (where first), 0)
      from (
        select r.id as report_id, case when a.allowance_case then 2 else 1 end as section, ${key} as key_id, a.id as accident_id,
          a.death_count > 0 as fatal, a.victim_count >= 2 as multi, v.female, v.severity, v.under_management, v.days_off,
          v.medical_cost, v.wage_cost, v.compensation_cost, a.other_cost, a.property_damage,
          row_number() over (partition by r.id, a.allowance_case, ${key}, a.id order by v.position) = 1 as first
        from accident_statistical r
        join accident a on a.business_id = r.business_id and a.deleted_at is null
          and a.occurred_at >= make_date(r.year::int, 1, 1)
          and a.occurred_at < case when r.period = 'halfYear' then make_date(r.year::int, 7, 1) else make_date(r.year::int + 1, 1, 1) end
        join accident_victim v on v.accident_id = a.id
        where r.deleted_at is null
      ) x
      group by report_id, section, key_id`.execute(db);
  await sql`update accident_statistical r set accident_count = t.accidents, victim_count = t.victims, death_count = t.deaths
    from (select report_id, sum(accidents)::int as accidents, sum(victims)::int as victims, sum(deaths)::int as deaths
      from accident_statistical_row where dimension = 'total' group by report_id) t
    where t.report_id = r.id`.execute(db);
}

export async function ensureAccidents(
  db: Db,
  province: { workers: number; employers: number },
  log: (l: string) => void,
): Promise<Generated> {
  await ensureWorkers(db, province, log);
  const accidents = accidentCount(province);
  const employers = province.employers;
  const year = Number(clock.today().slice(0, 4));
  const stored = (await sql<{ value: Generated }>`select value from bench.meta where key = 'accidents'`.execute(db))
    .rows[0]?.value;
  if (
    stored?.generation === GENERATION &&
    stored.accidents === accidents &&
    stored.employers === employers &&
    stored.year === year
  )
    return stored;
  const started = performance.now();
  log(
    `  generating ${accidents.toLocaleString('en-US')} accidents and ${(employers * YEARS * 2).toLocaleString('en-US')} reports`,
  );
  await sql`delete from bench.meta where key = 'accidents'`.execute(db);
  await sql`truncate accident_statistical_row, accident_statistical_victim`.execute(db);
  await sql`delete from accident_statistical where created_by = 'bench'`.execute(db);
  await sql`delete from accident where code like 'TNB-%'`.execute(db);
  await dropLoadIndexes(db, 'accident');
  await dropLoadIndexes(db, 'accident_victim');
  await dropLoadIndexes(db, 'accident_statistical');

  const unit = (
    await sql<{ id: string }>`select id from unit where kind = 'department' order by created_at limit 1`.execute(db)
  ).rows[0]!.id;
  // The live rows of a catalogue (by code) as one array, read once per statement; the i-th, cycling.
  const all = (table: string, alias: string) =>
    sql`cross join (select array_agg(id order by code) as ids from ${sql.table(table)} where deleted_at is null) ${sql.id(alias)}`;
  const nth = (alias: string, i: RawBuilder<unknown>) =>
    sql`${sql.id(alias)}.ids[1 + (${i}) % greatest(cardinality(${sql.id(alias)}.ids), 1)]`;
  // Accident i: employer 1 + h % E (weighted to the larger ones by squaring), one of the five past years.
  for (let first = 1; first <= accidents; first += BATCH) {
    const last = Math.min(accidents, first + BATCH - 1);
    await sql`insert into accident (id, code, code_year, code_sequence, business_id, ward_id, declared_by_unit_id,
        declarant_kind, occurred_at, place, description, severity, victim_count, death_count, serious_count,
        accident_reason_id, injury_element_id, allowance_case, property_damage, other_cost, status)
      select ${benchUuid('accident', sql`r.i`)}, 'TNB-' || r.i, 9000 + r.i / 1000000, r.i, ${employerId(sql`r.emp`)},
        null, ${unit}::uuid, 'employer',
        make_timestamptz(${year} - 1 - (r.h % ${YEARS})::int, 1 + (r.h / 7 % 12)::int, 1 + (r.h / 97 % 28)::int, 8, 0, 0, 'Asia/Ho_Chi_Minh'),
        'Phân xưởng', 'Tai nạn lao động (bench)',
        case when r.h % 100 < 3 then 'fatal' when r.h % 100 < 20 then 'serious' else 'light' end,
        r.n, case when r.h % 100 < 3 then 1 else 0 end, case when r.h % 100 between 3 and 19 then 1 else 0 end,
        ${nth('rs', sql`(r.h / 13 % 1000)::int`)}, ${nth('ie', sql`(r.h / 17 % 1000)::int`)},
        r.h % 100 >= 95, (r.h % 50) * 1000000, (r.h % 7) * 500000, 'declared'
      from (select i, h,
          case when h % 100 < 85 then 1 when h % 100 < 95 then 2 else 3 end as n,
          (1 + floor(((h % 1000)::float8 / 1000) ^ 2 * ${employers}))::int as emp
        from (select i, abs(hashint8extended(i, ${SEED})) as h from generate_series(${first}::bigint, ${last}::bigint) i) s) r
      ${all('accident_reason', 'rs')} ${all('injury_element', 'ie')}`.execute(db);
    await sql`insert into accident_victim (accident_id, position, full_name, female, occupation_id, severity,
        under_management, days_off, medical_cost, wage_cost, compensation_cost)
      select a.id, j, 'Người bị nạn ' || j, (hashint8extended(a.code_sequence * 4 + j, ${SEED}) % 3) = 0,
        ${nth('oc', sql`abs(hashint8extended(a.code_sequence * 4 + j, ${SEED + 1}) % 1000)::int`)},
        case when j = 1 then a.severity else 'light' end, abs(hashint8extended(a.code_sequence, ${SEED + 2})) % 20 <> 0,
        (abs(hashint8extended(a.code_sequence * 4 + j, ${SEED + 3})) % 60)::int, (a.code_sequence % 30) * 500000,
        (a.code_sequence % 11) * 300000, case when a.severity = 'fatal' and j = 1 then 150000000 else 0 end
      from accident a cross join lateral generate_series(1, a.victim_count) j ${all('type_of_profession', 'oc')}
      where a.code like 'TNB-%' and a.code_sequence between ${first} and ${last}`.execute(db);
    if (last % 100_000 === 0 || last === accidents) log(`    ${last.toLocaleString('en-US')} accidents`);
  }
  // Every employer's reports of the ten periods, nine in ten submitted (by hash), before the deadline.
  for (let y = year - YEARS; y < year; y += 1)
    for (const period of ['halfYear', 'year'] as const)
      await sql`insert into accident_statistical (id, code, business_id, year, period, total_workers, female_workers,
          status, due_date, submitted_on, accident_count, victim_count, death_count, created_by, updated_by)
        select ${benchUuid(`accident-report-${y}-${period}`, sql`e.id`)}, e.tax_code || '-' || ${y} || ${period === 'halfYear' ? '-6T' : '-N'},
          ${employerId(sql`e.id`)}, ${y}, ${period}, e.employee_count, e.employee_count / 3,
          case when abs(hashint8extended(e.id * 16 + ${y % 16}, ${SEED})) % 10 = 0 then 'draft' else 'submitted' end,
          ${period === 'halfYear' ? `${y}-07-04` : `${y + 1}-01-09`}::date,
          ${period === 'halfYear' ? `${y}-07-01` : `${y + 1}-01-05`}::date, 0, 0, 0, 'bench', 'bench'
        from bench.employer e where e.id <= ${employers}`.execute(db);
  log('    reports');
  await rollUp(db);
  await sql`delete from app_setting where key = 'catalog.schema'`.execute(db);
  await ensureCatalogSchema(db, undefined, { afterMigrations: true });
  // The accidents module's own indexes (migration 0028), dropped for the load.
  await sql`create unique index if not exists accident_code_uq on accident (code)`.execute(db);
  await sql`create unique index if not exists accident_code_seq_uq on accident (code_year, code_sequence)`.execute(db);
  await sql`create index if not exists accident_business_idx on accident (business_id, occurred_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index if not exists accident_ward_idx on accident (ward_id, occurred_at desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index if not exists accident_occurred_idx on accident (occurred_at) where deleted_at is null`.execute(
    db,
  );
  await sql`create index if not exists accident_victim_accident_idx on accident_victim (accident_id, position)`.execute(
    db,
  );
  await sql`create index if not exists accident_victim_worker_idx on accident_victim (worker_id) where worker_id is not null`.execute(
    db,
  );
  for (const table of ['accident', 'accident_victim', 'accident_statistical', 'accident_statistical_row'])
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  const done: Generated = { generation: GENERATION, accidents, employers, year };
  await sql`insert into bench.meta (key, value) values ('accidents', ${JSON.stringify(done)}::jsonb)
            on conflict (key) do update set value = excluded.value`.execute(db);
  log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return done;
}

async function compareSummary(
  ctx: BenchContext,
  name: string,
  session: Session,
  q: SummaryQuery,
  rows: number,
): Promise<ResultRow[]> {
  const statements = summaryStatements(session.principal, q);
  const db = ctx.database.db;
  const totals = statements.totals.compile(db);
  const byKey = statements.rows.compile(db);
  const counts = statements.counts.compile(db);
  return compareWithBare(ctx, {
    name,
    path: `/api/AccidentStatistical/get-summary?year=${q.year}&period=${q.period}&dimension=${q.dimension}&section=${q.section}`,
    rows,
    headers: session.headers,
    goals: [
      goals.minRatio(0.6, { databases: ['postgres'], minRows: 100_000 }),
      goals.maxP95(1000, { databases: ['postgres'], minRows: 100_000 }),
    ],
    async bare() {
      const t = await ctx.barePool.query<SummaryTotals>(totals.sql, [...totals.parameters]);
      const r = await ctx.barePool.query<SummaryRow>(byKey.sql, [...byKey.parameters]);
      const c = await ctx.barePool.query<{ employers: number; submitted: number }>(counts.sql, [...counts.parameters]);
      // The deadline in force is one indexed row of LegalDeadline, read as the API reads it.
      return summaryAnswer(q, t.rows, r.rows, c.rows[0], await periodDueDate(db, q.year, q.period));
    },
  });
}

export const accidents: Measurement = {
  name: 'accidents',
  description:
    "occupational accidents (five years of a province: one accident per five workers, the employers' Appendix XII reports of ten periods): the department's aggregation of a year by cause and by commune, and an employer's own: API vs bare",
  async run(ctx) {
    const generated = await ensureAccidents(ctx.database.db, ctx.province, ctx.log);
    const department = await signIn(ctx, 'department', ['AccidentStatistical.read']);
    const busiest = (
      await sql<{ id: string }>`select business_id as id from accident where code like 'TNB-%'
        group by business_id order by count(*) desc limit 1`.execute(ctx.database.db)
    ).rows[0]!.id;
    const employer = await signIn(ctx, 'employer', ['AccidentStatistical.read'], busiest);
    const last: Omit<SummaryQuery, 'dimension'> = { year: generated.year - 1, period: 'year', section: 3 };
    const n = generated.accidents;
    return [
      ...(await guarded(ctx, 'accident summary by cause (department)', () =>
        compareSummary(ctx, 'accident summary by cause (department)', department, { ...last, dimension: 'cause' }, n),
      )),
      ...(await guarded(ctx, 'accident summary by commune (department)', () =>
        compareSummary(ctx, 'accident summary by commune (department)', department, { ...last, dimension: 'ward' }, n),
      )),
      ...(await guarded(ctx, 'accident summary by occupation (employer)', () =>
        compareSummary(
          ctx,
          'accident summary by occupation (employer)',
          employer,
          { ...last, dimension: 'occupation' },
          n,
        ),
      )),
    ];
  },
};
