import { sql, type RawBuilder } from 'kysely';
import { EDUCATION_LEVELS, INCOME_BANDS, type EducationLevel, type IncomeBand } from '@portal/domain/statistics/values';
import type { Db } from '../../../apps/api/src/db/database.ts';
import type { OpContext } from '../../../apps/api/src/catalog/context.ts';
import { cappedTotal, catalogOperations, pageRecord, plannedRows } from '../../../apps/api/src/catalog/operations.ts';
import { ensureCatalogSchema } from '../../../apps/api/src/catalog/schema.ts';
import { compareWithBare, goals, type BenchContext, type Measurement, type ResultRow } from '../harness.ts';
import { signIn } from './shared.ts';

/**
 * The Worker list at province scale, through its real route (`GET /api/Worker/workers`, signed in as a department
 * user, the catalogue engine's list with the employer's name joined) vs the same statements run bare. The real
 * `worker` and `business` tables are filled from the bench province (1 M workers, 50 k employers with --full).
 *
 * Two requests: the department's first page with an accent-free name search ("nguyen van" matches about 6 % of
 * workers), and a page of one large employer's workers (an employer user's everyday list).
 *
 * Count strategy (the Worker area's `list.countLimit`, 10 000): the page runs beside the planner's estimate of the
 * matches (`explain`, well under a millisecond); a short page is the whole list (exact, free); an estimate above
 * the limit is answered as "about N" (totalKind 'estimate'); otherwise a count stopped after 10 001 rows. An exact
 * count of "nguyen van" reads the trigram index's whole bitmap, about 65 000 matches: ≈ 175 ms on PostgreSQL at
 * 1 M rows even when stopped at 10 001, against ≈ 0.6 ms for the page read backwards on (created_at, id).
 */

/** Bump when the copied rows change. */
const GENERATION = 4;

/**
 * What the province's statistics count, drawn in SQL as the demo seed draws it (modules/workers/generate.ts
 * workerBackground): each level's share, in the order of EDUCATION_LEVELS, by the occupation's major group (the
 * code's first digit); older workers less schooled, younger ones more. Incomes mostly 5–15 million VND, more with
 * college or university; social insurance for 88 %, health insurance for 92 %; from 20 to 45 years old, 1.6 %
 * abroad now and 6.5 % returned (Japan, Korea, Taiwan).
 */
// prettier-ignore
const EDUCATION_BY_GROUP: Record<string, Record<EducationLevel, number>> = {
  '2': { none: 0, primary: 0, lowerSecondary: 0, upperSecondary: 2, vocational: 5, college: 15, university: 70, postgraduate: 8 },
  '3': { none: 0, primary: 0, lowerSecondary: 0, upperSecondary: 5, vocational: 20, college: 33, university: 40, postgraduate: 2 },
  '4': { none: 0, primary: 0, lowerSecondary: 3, upperSecondary: 30, vocational: 20, college: 25, university: 22, postgraduate: 0 },
  '5': { none: 0, primary: 3, lowerSecondary: 20, upperSecondary: 45, vocational: 20, college: 7, university: 5, postgraduate: 0 },
  '6': { none: 3, primary: 12, lowerSecondary: 35, upperSecondary: 35, vocational: 10, college: 3, university: 2, postgraduate: 0 },
  '7': { none: 0, primary: 3, lowerSecondary: 19, upperSecondary: 43, vocational: 28, college: 5, university: 2, postgraduate: 0 },
  '8': { none: 0, primary: 0, lowerSecondary: 13, upperSecondary: 45, vocational: 35, college: 5, university: 2, postgraduate: 0 },
  '9': { none: 4, primary: 15, lowerSecondary: 38, upperSecondary: 32, vocational: 8, college: 2, university: 1, postgraduate: 0 },
};
/** Levels from this one up (college, university, postgraduate) earn more. */
const HIGHER_FROM = EDUCATION_LEVELS.indexOf('college') + 1;
// prettier-ignore
const INCOME_USUAL: Record<IncomeBand, number> = { lt5: 7, '5to10': 52, '10to15': 29, '15to20': 8, '20to30': 3, gte30: 1 };
// prettier-ignore
const INCOME_HIGHER: Record<IncomeBand, number> = { lt5: 1, '5to10': 24, '10to15': 38, '15to20': 21, '20to30': 12, gte30: 4 };

/** A float8[] of the lower bounds (cumulative shares) of every option but the first, for width_bucket. */
function bounds<K extends string>(options: readonly K[], byOption: Record<K, number>): RawBuilder<unknown> {
  const weights = options.map((o) => byOption[o]);
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  const out = weights.slice(0, -1).map((w) => (sum += w) / total);
  return sql.raw(`array[${out.map((x) => x.toFixed(6)).join(', ')}]::float8[]`);
}
const textArray = (values: readonly string[]) => sql.raw(`(array[${values.map((v) => `'${v}'`).join(', ')}]::text[])`);
const educationBounds = sql`case left(w.occupation_code, 1) ${sql.join(
  Object.entries(EDUCATION_BY_GROUP).map(
    ([group, weights]) => sql`when ${sql.lit(group)} then ${bounds(EDUCATION_LEVELS, weights)}`,
  ),
  sql` `,
)} else ${bounds(EDUCATION_LEVELS, EDUCATION_BY_GROUP['7']!)} end`;

/** A version-4-shaped uuid derived from a bench id (the API accepts only well-formed ids). */
const benchUuid = (kind: 'employer' | 'worker', id: RawBuilder<unknown>) =>
  sql`(select (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid from (select md5(${'bench-' + kind + '-'} || ${id}) as h) x)`;

const system = (db: Db): OpContext => ({ db, principal: null, lang: 'vi', request: null, system: true });

/** Copies the bench province into the real employer and worker tables (ids derived from the bench ids). */
export async function ensureWorkers(
  db: Db,
  province: { workers: number; employers: number },
  log: (line: string) => void,
): Promise<void> {
  const wanted = { generation: GENERATION, ...province };
  const stored = await sql<{ value: typeof wanted }>`select value from bench.meta where key = 'workers'`.execute(db);
  const count = await sql<{ n: number }>`select count(*)::int as n from worker where created_by = 'bench'`.execute(db);
  const same = stored.rows[0]?.value;
  if (
    same?.generation === GENERATION &&
    same.workers === province.workers &&
    same.employers === province.employers &&
    count.rows[0]?.n === province.workers
  )
    return;

  const started = performance.now();
  log(
    `  copying ${province.workers.toLocaleString('en-US')} workers and ${province.employers.toLocaleString('en-US')} employers into the real tables`,
  );
  // The training measurement's credentials refer to these workers: they go first.
  await sql`delete from training_certificate where created_by = 'bench'`.execute(db);
  // So do the accidents measurement's accidents and reports (by the employers): they are made again.
  await sql`delete from bench.meta where key = 'accidents'`.execute(db);
  await sql`truncate accident_statistical_row, accident_statistical_victim`.execute(db);
  await sql`delete from accident_statistical where created_by = 'bench'`.execute(db);
  await sql`delete from accident where code like 'TNB-%'`.execute(db);
  await sql`delete from worker where created_by = 'bench'`.execute(db);
  // Earlier runs' employer users (made by the sign-ins) act for some of these employers: those stay, made anew.
  await sql`delete from business b where b.source = 'bench'
    and not exists (select 1 from unit u where u.business_id = b.id)`.execute(db);
  await sql`insert into business (id, code, name, address, ward_code, status, employee_count, source, created_at, updated_at, created_by)
      select ${benchUuid('employer', sql`e.id`)}, e.tax_code, e.name, e.address, '2025:' || e.ward_code, 'active', e.employee_count, 'bench',
        e.created_at, e.created_at, 'bench'
      from bench.employer e
      on conflict (id) do update set code = excluded.code, name = excluded.name, address = excluded.address,
        ward_code = excluded.ward_code, status = excluded.status, employee_count = excluded.employee_count,
        created_at = excluded.created_at, updated_at = excluded.updated_at, deleted_at = null`.execute(db);
  // Indexes are dropped for the load and put back by the engine's own schema sync.
  const indexes = await sql<{
    name: string;
  }>`select indexname as name from pg_indexes where tablename = 'worker' and indexname <> 'worker_pkey'`.execute(db);
  for (const { name } of indexes.rows) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  const batch = 200_000;
  for (let from = 1; from <= province.workers; from += batch) {
    // Uniform draws from the bench id's hash, 16 bits each; education by a draw skewed by age (u^1.4 lower, u^0.8
    // higher), the income band by the education drawn.
    await sql`insert into worker (id, business_id, full_name, citizen_id, birth_date, sex, nationality, occupation_id, working_form, start_date,
        education_level, income_band, social_insurance, health_insurance, abroad_status, abroad_country,
        created_at, updated_at, created_by, updated_by)
      select ${benchUuid('worker', sql`w.id`)}, ${benchUuid('employer', sql`w.employer_id`)}, w.full_name, w.cccd, w.birth_date, w.sex, 'VN',
        coalesce(o2.id, o1.id), 'fullTime', w.created_at::date,
        ${textArray(EDUCATION_LEVELS)}[e.level],
        ${textArray(INCOME_BANDS)}[1 + width_bucket(u.income, case when e.level >= ${sql.lit(HIGHER_FROM)}
          then ${bounds(INCOME_BANDS, INCOME_HIGHER)} else ${bounds(INCOME_BANDS, INCOME_USUAL)} end)],
        u.social < 0.88, u.social < 0.88 or u.health < 0.35,
        a.status, case when a.status = 'none' then null when u.country < 0.55 then 'Nhật Bản'
          when u.country < 0.82 then 'Hàn Quốc' else 'Đài Loan (Trung Quốc)' end,
        w.created_at, w.created_at, 'bench', 'bench'
      from bench.worker w
        left join type_of_profession o2 on o2.code = left(w.occupation_code, 2) and o2.deleted_at is null
        left join type_of_profession o1 on o1.code = left(w.occupation_code, 1) and o1.deleted_at is null
        cross join lateral (select hashint8extended(w.id, 51) as h1, hashint8extended(w.id, 52) as h2,
          2025 - extract(year from w.birth_date)::int as age) h
        cross join lateral (select (h.h1 & 65535) / 65536.0::float8 as education, ((h.h1 >> 16) & 65535) / 65536.0::float8 as income,
          ((h.h1 >> 32) & 65535) / 65536.0::float8 as social, ((h.h1 >> 48) & 32767) / 32768.0::float8 as health,
          (h.h2 & 65535) / 65536.0::float8 as abroad, ((h.h2 >> 16) & 65535) / 65536.0::float8 as country) u
        cross join lateral (select 1 + width_bucket(case when h.age >= 50 then power(u.education, 1.4)
          when h.age < 30 then power(u.education, 0.8) else u.education end, ${educationBounds}) as level) e
        cross join lateral (select case when h.age not between 20 and 45 then 'none' when u.abroad < 0.016 then 'abroad'
          when u.abroad < 0.081 then 'returned' else 'none' end as status) a
      where w.id between ${from} and ${from + batch - 1}`.execute(db);
    log(`    ${Math.min(province.workers, from + batch - 1).toLocaleString('en-US')} workers`);
  }
  await sql`delete from app_setting where key = 'catalog.schema'`.execute(db);
  await ensureCatalogSchema(db, undefined, { afterMigrations: true });
  // Vacuumed as a table at rest is: counts of one employer's workers read the index alone.
  await sql`vacuum (analyze) business`.execute(db);
  await sql`vacuum (analyze) worker`.execute(db);
  await sql`insert into bench.meta (key, value) values ('workers', ${JSON.stringify(wanted)}::jsonb)
            on conflict (key) do update set value = excluded.value`.execute(db);
  log(`  copied in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** One list request, API vs bare: the engine's own statements, compiled once, run with pg on the bare side. */
async function compareList(
  ctx: BenchContext,
  name: string,
  path: string,
  query: { keyWord?: string; values: Record<string, unknown> },
): Promise<ResultRow[]> {
  const { headers } = await signIn(ctx, 'department', ['Worker.read']);
  const ops = catalogOperations('worker');
  const q = { pageNumber: 1, pageSize: 20, ...query };
  const statements = ops.listStatements(system(ctx.database.db), q);
  const page = statements.page.compile(ctx.database.db);
  const count = statements.count!.compile(ctx.database.db);
  const estimate = statements.estimate!.compile(ctx.database.db);
  return compareWithBare(ctx, {
    name,
    path,
    rows: ctx.province.workers,
    headers,
    goals: [
      goals.minRatio(0.6, { databases: ['postgres'], minRows: 1_000_000 }),
      goals.maxP95(30, { databases: ['postgres'], minRows: 1_000_000 }),
    ],
    async bare() {
      const [found, planned] = await Promise.all([
        ctx.barePool.query<Record<string, unknown>>(page.sql, [...page.parameters]),
        ctx.barePool.query<Record<string, unknown>>(estimate.sql, [...estimate.parameters]),
      ]);
      const total = await cappedTotal(
        ops.c,
        q,
        found.rows,
        plannedRows(planned.rows),
        async () => (await ctx.barePool.query<{ n: number }>(count.sql, [...count.parameters])).rows[0]?.n ?? 0,
      );
      return { pageLists: found.rows.map(pageRecord), ...total };
    },
  });
}

export const workerListReal: Measurement = {
  name: 'worker list (real)',
  description:
    'GET /api/Worker/workers as the department: page 1 of 20, keyword "nguyen van", total capped at 10 000: API vs bare',
  async run(ctx) {
    await ensureWorkers(ctx.database.db, ctx.province, ctx.log);
    return compareList(ctx, 'worker list (real)', '/api/Worker/workers?pageNumber=1&pageSize=20&keyWord=nguyen%20van', {
      keyWord: 'nguyen van',
      values: {},
    });
  },
};

export const workerListEmployer: Measurement = {
  name: 'worker list (employer)',
  description:
    "GET /api/Worker/workers?businessId=… : page 1 of one large employer's workers (exact total): API vs bare",
  async run(ctx) {
    await ensureWorkers(ctx.database.db, ctx.province, ctx.log);
    // The largest employer (thousands of workers at 1 M): the worst case of an employer's own list.
    const employer = await sql<{ id: string }>`select ${benchUuid('employer', sql`1`)}::text as id`.execute(
      ctx.database.db,
    );
    const id = employer.rows[0]!.id;
    return compareList(ctx, 'worker list (employer)', `/api/Worker/workers?pageNumber=1&pageSize=20&businessId=${id}`, {
      values: { businessId: id },
    });
  },
};
