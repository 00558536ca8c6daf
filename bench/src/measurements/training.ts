import { sql } from 'kysely';
import type { Db } from '../../../apps/api/src/db/database.ts';
import { cappedTotal, plannedRows } from '../../../apps/api/src/catalog/operations.ts';
import { catalogRegistry } from '../../../apps/api/src/catalog/registry.ts';
import { ensureCatalogSchema } from '../../../apps/api/src/catalog/schema.ts';
import {
  refresherNoticeDays,
  statusRowOf,
  statusStatements,
  type StatusDay,
} from '../../../apps/api/src/modules/training/refresher.ts';
import { clock } from '../../../apps/api/src/platform/clock/index.ts';
import { compareWithBare, goals, type BenchContext, type Measurement, type ResultRow } from '../harness.ts';
import { benchUuid, dropLoadIndexes, guarded, signIn, type Session } from './shared.ts';
import { ensureWorkers } from './workers.ts';

/**
 * OSH training credentials at province scale: the province's workers (1 M with --full, copied into `worker` by the
 * worker measurements) each given a training group (group 4 for 70 %, 3 for 15 %, 1, 2, 5, 6 the rest) and 0–6
 * credentials of it (3 on average: 3 M at full size), each a refresher one validity period (12 months for groups 4
 * and 6, 24 for the others) after the one before, the newest `current` and the others `superseded`. The newest was
 * issued up to 1.3 validity periods ago, so about 23 % of current credentials have expired and 5 % fall due within
 * the notice days; one worker in seven holds none (never trained).
 *
 * Two requests, each against the same statements (apps/api/src/modules/training/refresher.ts `statusStatements`:
 * page, planner's estimate, capped count) run bare through pg: the department's "needs refresher" list (due soon
 * and expired, first page of 20 by expiry) and the same list of the largest employer signed in as it.
 */

/** Bump when the generated rows change. */
const GENERATION = 1;
const SEED = 13;
const BATCH = 100_000;
/** Group n (1‥6): its share of workers in per cent (cumulative bounds) and its credential's validity. */
const GROUP_BOUNDS = [7, 10, 25, 95, 97, 100];
const VALIDITY_MONTHS = [24, 24, 24, 12, 24, 12];
const CREDENTIALS = ['certificate', 'certificate', 'card', 'logbook', 'certificate', 'certificate'];

interface Generated {
  generation: number;
  workers: number;
  credentials: number;
  today: string;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Worker i's group number (1‥6), from its hash. */
const groupOf = sql`(case ${sql.join(
  GROUP_BOUNDS.map((bound, i) => sql`when h % 100 < ${sql.lit(bound)} then ${sql.lit(i + 1)}`),
  sql` `,
)} end)`;

/** Gives the bench workers their groups and credentials, unless they hold this size already. */
export async function ensureTraining(
  db: Db,
  province: { workers: number; employers: number },
  log: (line: string) => void,
): Promise<Generated> {
  await ensureWorkers(db, province, log);
  const today = clock.today();
  const stored = (await sql<{ value: Generated }>`select value from bench.meta where key = 'training'`.execute(db))
    .rows[0]?.value;
  const counted = await sql<{ n: number }>`select count(*)::int as n from training_certificate
      where created_by = 'bench'`.execute(db);
  if (
    stored?.generation === GENERATION &&
    stored.workers === province.workers &&
    counted.rows[0]?.n === stored.credentials &&
    stored.today >= addDays(today, -7)
  )
    return stored;

  const started = performance.now();
  log(`  generating about ${(province.workers * 3).toLocaleString('en-US')} training credentials`);
  await sql`delete from bench.meta where key = 'training'`.execute(db);
  await sql`truncate training_reminder`.execute(db);
  await sql`delete from training_certificate where created_by = 'bench'`.execute(db);
  const groupIds = (
    await sql<{ id: string }>`select id from target_training where code in ('NHOM-1', 'NHOM-2', 'NHOM-3', 'NHOM-4',
        'NHOM-5', 'NHOM-6') and deleted_at is null order by code`.execute(db)
  ).rows.map((r) => r.id);
  if (groupIds.length !== 6)
    throw new Error('target_training lacks the groups NHOM-1‥6: the reference seeds are missing');

  // Each worker's group, from its bench number (the update rebuilds the worker table's indexes afterwards).
  await dropLoadIndexes(db, 'worker');
  await sql`update worker w set target_training_id = (${groupIds}::uuid[])[x.g]
    from (select ${benchUuid('worker', sql`b.id`)} as id, ${groupOf} as g
          from (select id, abs(hashint8extended(id, ${SEED})) as h from bench.worker) b) x
    where w.id = x.id`.execute(db);

  await dropLoadIndexes(db, 'training_certificate');
  for (let first = 1; first <= province.workers; first += BATCH) {
    const last = Math.min(province.workers, first + BATCH - 1);
    // Worker i: group g, n credentials (0‥6); the newest issued `age` days ago, each earlier one a period before.
    await sql`insert into training_certificate (certificate_number, business_id, worker_id, target_training_id,
        credential, issued_on, valid_until, status, created_at, updated_at, created_by, updated_by)
      select 'HL-' || lpad(x.i::text, 7, '0') || '-' || j, ${benchUuid('employer', sql`x.emp`)},
        ${benchUuid('worker', sql`x.i`)}, (${groupIds}::uuid[])[x.g], (${CREDENTIALS}::text[])[x.g], d.issued,
        (d.issued + make_interval(months => x.months) - interval '1 day')::date,
        case when j = x.n then 'current' else 'superseded' end,
        d.issued + interval '9 hours', d.issued + interval '9 hours', 'bench', 'bench'
      from (select s.i, s.emp, s.g, s.months, (s.h / 7) % 7 as n,
              (${today}::date - ((s.h / 4099) % (s.months * 30 * 13 / 10))::int) as newest
            from (select b.id as i, b.employer_id as emp, h, ${groupOf} as g,
                    (${VALIDITY_MONTHS}::int[])[${groupOf}] as months
                  from (select id, employer_id, abs(hashint8extended(id, ${SEED})) as h from bench.worker
                        where id between ${first} and ${last}) b) s) x
        cross join lateral generate_series(1, x.n::int) j
        cross join lateral (select (x.newest - make_interval(months => x.months * (x.n::int - j)))::date as issued) d`.execute(
      db,
    );
    log(`    ${last.toLocaleString('en-US')} workers`);
  }
  // The engine's own DDL puts back every index (the declared partial ones for the refresher lists too).
  await sql`delete from app_setting where key = 'catalog.schema'`.execute(db);
  await ensureCatalogSchema(db, undefined, { afterMigrations: true });
  await sql`vacuum (analyze) worker`.execute(db);
  await sql`vacuum (analyze) training_certificate`.execute(db);
  const credentials = (
    await sql<{ n: number }>`select count(*)::int as n from training_certificate where created_by = 'bench'`.execute(db)
  ).rows[0]!.n;
  const done: Generated = { generation: GENERATION, workers: province.workers, credentials, today };
  await sql`insert into bench.meta (key, value) values ('training', ${JSON.stringify(done)}::jsonb)
            on conflict (key) do update set value = excluded.value`.execute(db);
  log(
    `  generated ${credentials.toLocaleString('en-US')} credentials in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return done;
}

/** The needs-refresher list as the page asks it, API vs the module's statements (page, estimate, capped count) bare. */
async function compareRefresher(
  ctx: BenchContext,
  name: string,
  session: Session,
  credentials: number,
): Promise<ResultRow[]> {
  const today = clock.today();
  const day: StatusDay = { today, noticeDays: await refresherNoticeDays(ctx.database.db, today) };
  const q = { state: 'needsRefresher' as const, pageNumber: 1, pageSize: 20 };
  const statements = statusStatements(session.principal, q, day);
  const db = ctx.database.db;
  const page = statements.page.compile(db);
  const estimate = statements.estimate.compile(db);
  const count = statements.count.compile(db);
  // What the plan is at this size (the declared partial indexes must carry it): printed once, kept in the detail.
  const plan = await ctx.barePool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${page.sql}`, [
    ...page.parameters,
  ]);
  const planText = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  ctx.log(`  ${name}: plan of the page\n${planText.replace(/^/gm, '    ')}`);
  const rows = await compareWithBare(ctx, {
    name,
    path: '/api/TrainingCertificate/get-paging-refresher?state=needsRefresher&pageNumber=1&pageSize=20',
    rows: credentials,
    headers: session.headers,
    goals: [
      goals.minRatio(0.6, { databases: ['postgres'], minRows: 1_000_000 }),
      goals.maxP95(50, { databases: ['postgres'], minRows: 1_000_000 }),
    ],
    async bare() {
      const [found, planned] = await Promise.all([
        ctx.barePool.query<Parameters<typeof statusRowOf>[0]>(page.sql, [...page.parameters]),
        ctx.barePool.query<Record<string, unknown>>(estimate.sql, [...estimate.parameters]),
      ]);
      const total = await cappedTotal(
        catalogRegistry.get('trainingCertificate'),
        { pageNumber: 1, pageSize: 20, values: {} },
        found.rows,
        plannedRows(planned.rows),
        async () => (await ctx.barePool.query<{ n: number }>(count.sql, [...count.parameters])).rows[0]?.n ?? 0,
      );
      return { pageLists: found.rows.map((r) => statusRowOf(r, day)), ...total, ...day };
    },
  });
  for (const r of rows) if (r.side === 'api') r.detail = { ...r.detail, plan: planText };
  return rows;
}

export const training: Measurement = {
  name: 'training',
  description:
    'OSH training credentials (1 M workers, 3 M credentials with --full): the "needs refresher" list (due soon and expired, page 1 by expiry) as the department and as the largest employer: API vs bare',
  async run(ctx) {
    const generated = await ensureTraining(ctx.database.db, ctx.province, ctx.log);
    const department = await signIn(ctx, 'department', ['TrainingCertificate.read']);
    const largest = (
      await sql<{ id: string }>`select ${benchUuid('employer', sql`1`)}::text as id`.execute(ctx.database.db)
    ).rows[0]!.id;
    const employer = await signIn(ctx, 'employer', ['TrainingCertificate.read'], largest);
    return [
      ...(await guarded(ctx, 'training needs refresher (department)', () =>
        compareRefresher(ctx, 'training needs refresher (department)', department, generated.credentials),
      )),
      ...(await guarded(ctx, 'training needs refresher (employer)', () =>
        compareRefresher(ctx, 'training needs refresher (employer)', employer, generated.credentials),
      )),
    ];
  },
};
