import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Db } from '../../../apps/api/src/db/database.ts';
import type { DB } from '../../../apps/api/src/db/schema.ts';
import { checkStatusRollup } from '../../../apps/api/src/modules/reports/status/rollup.ts';
import { publicFilers, publicStatus } from '../../../apps/api/src/modules/reports/status/public.ts';
import {
  publicFilersAnswer,
  publicFilersQuery,
  publicStatusAnswer,
  publicStatusQuery,
} from '../../../apps/api/src/modules/reports/status/schemas.ts';
import { reportersOf, statusOf } from '../../../apps/api/src/modules/reports/status/status.ts';
import { buildTallies, registeredTallies } from '../../../apps/api/src/modules/workspace/index.ts';
import { clock } from '../../../apps/api/src/platform/clock/index.ts';
import { compareWithBare, goals, judge, type BenchContext, type Measurement, type ResultRow } from '../harness.ts';
import { benchUuid, guarded, signIn } from './shared.ts';

/**
 * Periodic reports' status at province scale: 50 000 employers (the province's, copied into `business` as
 * `source = 'bench-reports'`; BENCH_REPORT_EMPLOYERS narrows it) expected to file 8 report types — 4 yearly, 4
 * half-yearly — over the 5 past years: 60 periods, 3 000 000 expected reporters, and their submissions (nine in ten
 * started: accepted, awaiting review, returned, drafts; about a quarter filed after the due day). Rows are made by
 * the database (INSERT … SELECT per type and period, choices by hashint8extended), with the facts set as the
 * triggers of migration 0040 would set them and the rollup counted once at the end; the nightly check
 * (`checkStatusRollup`) then runs over everything and must find no drift — its time is a row of its own.
 *
 * Pairs, each against the same service functions (the very same SQL) on a bare node:http server with its own pool:
 * the status page of the latest period (by commune, by sector) and its drill-down (the missing reporters, page 1) as
 * the department; the public rates by commune and the public list of employers (page 1, and the late ones). The public
 * routes are throttled per address (120 a minute), so their pairs go through bench-only routes calling the same
 * functions (`/api/__bench/report-public-*`). Goals: the status page p95 ≤ 200 ms, the public list p95 ≤ 100 ms, on
 * PostgreSQL at full size.
 */

const GENERATION = 2;
const SEED = 37;
const YEARS = 5;
const SOURCE = 'bench-reports';
const FULL_ROWS = 50_000 * 8 * YEARS;

const TYPES = [
  { code: 'bench-annual-osh', name: 'Báo cáo công tác ATVSLĐ năm (bench)', periodType: 'year', form: 'annual-osh' },
  {
    code: 'bench-accidents',
    name: 'Thống kê tai nạn lao động (bench)',
    periodType: 'halfYear',
    form: 'accident-statistics',
  },
  {
    code: 'bench-labour-change',
    name: 'Tình hình thay đổi lao động (bench)',
    periodType: 'halfYear',
    form: 'labour-change',
  },
  {
    code: 'bench-safety-month',
    name: 'Tổng kết Tháng hành động ATVSLĐ (bench)',
    periodType: 'year',
    form: 'safety-month-business',
  },
  { code: 'bench-health', name: 'Báo cáo y tế lao động (bench)', periodType: 'halfYear', form: 'annual-osh' },
  { code: 'bench-training', name: 'Báo cáo huấn luyện ATVSLĐ (bench)', periodType: 'year', form: 'annual-osh' },
  { code: 'bench-overtime', name: 'Báo cáo làm thêm giờ (bench)', periodType: 'halfYear', form: 'labour-change' },
  {
    code: 'bench-monitoring',
    name: 'Báo cáo quan trắc môi trường lao động (bench)',
    periodType: 'year',
    form: 'annual-osh',
  },
] as const;

export function reportEmployers(province: { employers: number }): number {
  const set = Number(process.env.BENCH_REPORT_EMPLOYERS);
  return Math.min(province.employers, Number.isInteger(set) && set > 0 ? set : 50_000);
}

interface Generated {
  generation: number;
  employers: number;
  year: number;
  rows: number;
}

interface Period {
  key: string;
  start: string;
  end: string;
  due: string;
}

/** The type's periods of the five past years, oldest first, with a due day some days after each one's end. */
function periodsOf(periodType: string, year: number): Period[] {
  const out: Period[] = [];
  for (let y = year - YEARS; y < year; y++) {
    if (periodType === 'year') out.push({ key: `${y}`, start: `${y}-01-01`, end: `${y}-12-31`, due: `${y + 1}-01-10` });
    else {
      out.push({ key: `${y}-H1`, start: `${y}-01-01`, end: `${y}-06-30`, due: `${y}-07-04` });
      out.push({ key: `${y}-H2`, start: `${y}-07-01`, end: `${y}-12-31`, due: `${y + 1}-01-10` });
    }
  }
  return out;
}

const employerId = (n: ReturnType<typeof sql>) => benchUuid('report-employer', n);
const typeId = (i: number) => benchUuid('report-type', sql`${i}`);

async function ensureReports(db: Db, province: { employers: number }, log: (l: string) => void): Promise<Generated> {
  await sql`create table if not exists bench.meta (key text primary key, value jsonb not null)`.execute(db);
  const employers = reportEmployers(province);
  const year = Number(clock.today().slice(0, 4));
  const stored = (await sql<{ value: Generated }>`select value from bench.meta where key = 'report-status'`.execute(db))
    .rows[0]?.value;
  if (stored?.generation === GENERATION && stored.employers === employers && stored.year === year) return stored;
  const started = performance.now();
  log(`  generating ${TYPES.length} report types × ${YEARS} years for ${employers.toLocaleString('en-US')} employers`);
  await sql`delete from bench.meta where key = 'report-status'`.execute(db);
  const types = sql`(select id from report_type where code like 'bench-%')`;
  await sql`alter table report_expected disable trigger user`.execute(db);
  await sql`alter table report_submission disable trigger user`.execute(db);
  try {
    // A previous run's rows, without the foreign-key check of each expected row against every submission (the
    // submissions' expected_id index is partial): the bench's own rows only, in one transaction.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`delete from report_submission where report_type_id in ${types}`.execute(trx);
      await sql`delete from report_expected where report_type_id in ${types}`.execute(trx);
      await sql`delete from report_status_rollup where report_type_id in ${types}`.execute(trx);
      await sql`delete from report_type where code like 'bench-%'`.execute(trx);
    });
    await sql`vacuum (analyze) report_submission`.execute(db);
    // The employers stay from run to run (their ids are the province's numbers): deleting them would check every
    // table that refers to an employer.
    await sql`insert into business (id, code, name, address, ward_code, status, employee_count, source, created_at, updated_at, created_by)
        select ${employerId(sql`e.id`)}, e.tax_code || '-BC', e.name, e.address, '2025:' || e.ward_code, 'active',
          e.employee_count, ${SOURCE}, e.created_at, e.created_at, 'bench'
        from bench.employer e where e.id <= ${employers}
        on conflict (id) do nothing`.execute(db);
    for (const [i, t] of TYPES.entries())
      await sql`insert into report_type (id, code, name, legal_basis, filer, recipient, period_type, shift_months,
          deadline_rule, opens_before_end, closes_after_due, lock_on_accept, form_code, verified, active)
        values (${typeId(i)}, ${t.code}, ${t.name}, 'Bench', 'business', 'Sở Nội vụ', ${t.periodType}, 0, 'BENCH', 15, 90,
          true, ${t.form}, false, true)`.execute(db);

    let rows = 0;
    for (const [i, t] of TYPES.entries()) {
      for (const [j, p] of periodsOf(t.periodType, year).entries()) {
        // h: this employer's lot for this type and period; its state, and its first filing day from 30 days before
        // the due day to 9 after (a quarter late).
        const inserted =
          await sql`insert into report_expected (report_type_id, period_key, period_start, period_end, opens_on,
            due_on, closes_on, reporter_kind, reporter_key, business_id, ward_code, sector_id, reporter_name,
            submission_status, first_submitted_on)
          select ${typeId(i)}, ${p.key}, ${p.start}::date, ${p.end}::date, ${p.end}::date - 14, ${p.due}::date,
            ${p.due}::date + 90, 'business', x.business_id::text, x.business_id, '2025:' || x.ward_code,
            s.ids[1 + (x.h / 7 % greatest(cardinality(s.ids), 1))::int], x.name, x.state,
            case when x.state in ('submitted', 'returned', 'accepted') then ${p.due}::date + ((x.h / 100 % 40)::int - 30) end
          from (select ${employerId(sql`e.id`)} as business_id, e.ward_code, e.name, h,
              case when h % 100 < 10 then null when h % 100 < 14 then 'draft' when h % 100 < 18 then 'returned'
                when h % 100 < 28 then 'submitted' else 'accepted' end as state
            from (select e.*, abs(hashint8extended(e.id * 1024 + ${i * 64 + j}, ${SEED})) as h
              from bench.employer e where e.id <= ${employers}) e) x
          cross join (select array_agg(id order by code) as ids from bussiness_sector where deleted_at is null and parent_id is null) s`.execute(
            db,
          );
        rows += Number(inserted.numAffectedRows ?? 0);
        await sql`insert into report_submission (report_type_id, period_key, reporter_kind, reporter_key, business_id,
            ward_code, status, form_code, form_version, "values", first_submitted_on, first_submitted_at, submitted_at,
            accepted_at, created_by)
          select f.report_type_id, f.period_key, 'business', f.reporter_key, f.business_id, f.ward_code, f.submission_status,
            ${t.form}, 1, jsonb_build_object('totalWorkers', 10 + abs(hashtext(f.reporter_key)) % 300,
              'femaleWorkers', abs(hashtext(f.reporter_key)) % 100),
            f.first_submitted_on, f.first_submitted_on + time '09:00', f.first_submitted_on + time '09:00',
            case when f.submission_status = 'accepted' then f.first_submitted_on + 5 + time '10:00' end, null
          from report_expected f where f.report_type_id = ${typeId(i)} and f.period_key = ${p.key}
            and f.submission_status is not null`.execute(db);
      }
      log(`    ${t.code}: ${rows.toLocaleString('en-US')} expected reporters so far`);
    }
    // The rollup as the triggers would have kept it.
    await sql`insert into report_status_rollup (report_type_id, period_key, dimension, key, opens_on, due_on,
        submission_status, filed, reporters)
      select e.report_type_id, e.period_key, k.dimension, k.key, e.opens_on, e.due_on, e.submission_status, e.filed,
        count(*)::int
      from report_expected e cross join lateral (values ('ward', e.ward_code), ('sector', e.sector_id::text)) k(dimension, key)
      where e.report_type_id in ${types} and e.removed_at is null
      group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
    // The submissions were written with their triggers off, like the rollup: the workspace's tallies over them (the
    // reports waiting for review) are counted again.
    await sql`delete from workspace_tally where table_name = 'report_submission'`.execute(db);
    await buildTallies(db, registeredTallies(), { all: true });
    for (const table of ['business', 'report_type', 'report_expected', 'report_submission', 'report_status_rollup'])
      await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
    const done: Generated = { generation: GENERATION, employers, year, rows };
    await sql`insert into bench.meta (key, value) values ('report-status', ${JSON.stringify(done)}::jsonb)
              on conflict (key) do update set value = excluded.value`.execute(db);
    log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return done;
  } finally {
    await sql`alter table report_expected enable trigger user`.execute(db);
    await sql`alter table report_submission enable trigger user`.execute(db);
  }
}

/** The public calls without their per-address limit (the same functions, the same answer schemas). */
const benchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/__bench/report-public-status',
    {
      config: { permission: 'Auth.read' },
      schema: { querystring: publicStatusQuery, response: { 200: publicStatusAnswer } },
    },
    async (request) => publicStatus(app.readDb, request.query),
  );
  app.get(
    '/api/__bench/report-public-filers',
    {
      config: { permission: 'Auth.read' },
      schema: { querystring: publicFilersQuery, response: { 200: publicFilersAnswer } },
    },
    async (request) => publicFilers(app.readDb, request.query),
  );
};

/** "asOf" is the moment each side read: everything else must be equal. */
const comparable = (body: unknown) => ({ ...(body as Record<string, unknown>), asOf: null });

export const reportStatus: Measurement = {
  name: 'report-status',
  description:
    'periodic reports (50 000 employers × 8 report types × 5 years, 3 M expected reporters): the status page, its drill-down and the public look-ups: API vs the same SQL bare',
  plugins: [benchRoutes],
  async run(ctx) {
    const db = ctx.database.db;
    const generated = await ensureReports(db, ctx.province, ctx.log);
    const rows = generated.rows;
    // BENCH_REPORT_CHECK=0 leaves the nightly check out (minutes at full size) when only the pages are wanted.
    const checked = process.env.BENCH_REPORT_CHECK === '0' ? [] : await measureCheck(ctx, db, rows);
    const bare = new Kysely<DB>({ dialect: new PostgresDialect({ pool: ctx.barePool }) });
    const department = await signIn(ctx, 'department', ['Report.read']);
    const viewer = { kind: 'user' as const, principal: department.principal };
    // The latest half-year of the first half-yearly type: every reporter's period is over, most filed.
    const typeIdOf = async (code: string) =>
      (await sql<{ id: string }>`select id::text as id from report_type where code = ${code}`.execute(db)).rows[0]!.id;
    const halfYear = await typeIdOf('bench-accidents');
    const periodKey = `${generated.year - 1}-H2`;
    const q = { reportTypeId: halfYear, periodKey };
    const search = (extra: Record<string, string> = {}) => new URLSearchParams({ ...q, ...extra }).toString();
    const statusGoals = [goals.maxP95(200, { databases: ['postgres'], minRows: FULL_ROWS })];
    const listGoals = [goals.maxP95(100, { databases: ['postgres'], minRows: FULL_ROWS })];
    const pair = (name: string, path: string, g: typeof statusGoals, run: () => Promise<unknown>, headers = true) =>
      guarded(ctx, name, () =>
        compareWithBare(ctx, {
          name,
          path,
          rows,
          goals: g,
          comparable,
          ...(headers ? { headers: department.headers } : {}),
          bare: run,
        }),
      );
    return [
      ...checked,
      ...(await pair(
        'report status by commune (department)',
        `/api/Report/status?${search({ groupBy: 'commune' })}`,
        statusGoals,
        () => statusOf(bare, viewer, { ...q, groupBy: 'commune' }),
      )),
      ...(await pair(
        'report status by sector (department)',
        `/api/Report/status?${search({ groupBy: 'sector' })}`,
        statusGoals,
        () => statusOf(bare, viewer, { ...q, groupBy: 'sector' }),
      )),
      ...(await pair(
        'report status: missing reporters (department)',
        `/api/Report/status/reporters?${search({ status: 'missing', pageNumber: '1', pageSize: '20' })}`,
        statusGoals,
        () => reportersOf(bare, viewer, { ...q, status: 'missing', pageNumber: 1, pageSize: 20 }),
      )),
      ...(await pair(
        'report status public rates',
        `/api/__bench/report-public-status?${search()}`,
        statusGoals,
        () => publicStatus(bare, q),
        false,
      )),
      ...(await pair(
        'report status public list',
        `/api/__bench/report-public-filers?${search({ pageNumber: '1', pageSize: '20' })}`,
        listGoals,
        () => publicFilers(bare, { ...q, pageNumber: 1, pageSize: 20 }),
        false,
      )),
      ...(await pair(
        'report status public list (late)',
        `/api/__bench/report-public-filers?${search({ status: 'late', pageNumber: '1', pageSize: '20' })}`,
        listGoals,
        () => publicFilers(bare, { ...q, status: 'late', pageNumber: 1, pageSize: 20 }),
        false,
      )),
    ];
  },
};

/** The nightly check over every (type, period): its time, and the drift it finds in rows made as the triggers would. */
async function measureCheck(ctx: BenchContext, db: Db, rows: number): Promise<ResultRow[]> {
  return guarded(ctx, 'report status nightly check', async () => {
    const started = performance.now();
    const drift = await checkStatusRollup(db);
    const seconds = (performance.now() - started) / 1000;
    ctx.log(`  nightly check: ${seconds.toFixed(1)} s, ${JSON.stringify(drift)}`);
    return [
      judge(
        {
          measurement: 'report status nightly check',
          database: ctx.kind,
          rows,
          figure: `${seconds.toFixed(1)} s, drift ${drift.facts + drift.groups} (${drift.periods} periods)`,
          status: '—',
          detail: { seconds, drift },
        },
        [{ label: 'no drift', met: () => drift.facts === 0 && drift.groups === 0 }],
      ),
    ];
  });
}
