import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { STATISTICS, statisticQuerySchema } from '@portal/domain/statistics/index';
import type { Db } from '../../../apps/api/src/db/database.ts';
import {
  buildTallies,
  compactTallies,
  registeredTallies,
  workspaceCountCache,
} from '../../../apps/api/src/modules/workspace/index.ts';
import { ROLLUPS, STATISTIC_DECLARATIONS, statisticAnswer } from '../../../apps/api/src/modules/statistics/index.ts';
import { clock } from '../../../apps/api/src/platform/clock/index.ts';
import { compareWithBare, goals, type BenchContext, type Measurement, type ResultRow } from '../harness.ts';
import { ensureAccidents } from './accidents.ts';
import { ensureEquipment } from './equipment.ts';
import { guarded, signIn, type Session } from './shared.ts';

/**
 * The statistics at province scale (1 M workers, 50 000 employers, 200 000 accidents, 500 000 machines on the full
 * bench): each of the 22 statistics by its first dimension as the department, and the overview, through the API
 * against the same answer computed bare (the same rollup statements, no HTTP, no sign-in); then what keeping the
 * rollups costs a write: single-row and 1 000-row writes of workers, accidents and machines with the rollups'
 * trigger branches and without them.
 */

const PERMISSIONS = ['Statistics.read', 'Statistics.export'];
const blankClock = (body: unknown) => ({ ...(body as Record<string, unknown>), asOf: '' });

async function compareStatistic(ctx: BenchContext, slug: string, session: Session, rows: number): Promise<ResultRow[]> {
  const d = STATISTIC_DECLARATIONS.find((x) => x.info.slug === slug)!;
  const year = Number(clock.today().slice(0, 4)) - 1;
  return compareWithBare(ctx, {
    name: `statistic ${slug}`,
    path: `/api/Statistics/${slug}?year=${year}`,
    rows,
    headers: session.headers,
    comparable: blankClock,
    goals: [
      goals.maxP95(200, { databases: ['postgres'], minRows: 1_000_000 }),
      goals.maxP95(500, { databases: ['pglite'] }),
    ],
    async bare(url) {
      const q = statisticQuerySchema.parse(Object.fromEntries(url.searchParams));
      const now = clock.now();
      return statisticAnswer(
        ctx.database.db,
        d,
        q,
        { kind: 'user', principal: session.principal },
        {
          today: clock.today(),
          now,
          lang: 'vi',
        },
      );
    },
  });
}

interface WriteCost {
  table: string;
  write: string;
  withMs: number;
  withoutMs: number;
}

/** Milliseconds per run of `write` (median of `times`), each in its own committed transaction. */
async function timed(db: Db, times: number, write: (db: Db) => Promise<unknown>): Promise<number> {
  const all: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    await db.transaction().execute((trx) => write(trx as unknown as Db));
    all.push(performance.now() - started);
  }
  all.sort((a, b) => a - b);
  return all[Math.floor(all.length / 2)]!;
}

/** The writes measured: one row, a thousand rows, an update and a delete, per table the rollups count. */
function writes(
  employer: string,
): { table: string; write: string; times: number; run: (db: Db) => Promise<unknown> }[] {
  const tag = 'bench-rollup-cost';
  return [
    {
      table: 'worker',
      write: 'insert 1 row',
      times: 200,
      run: (db) =>
        sql`insert into worker (business_id, full_name, sex, birth_date, nationality, created_by)
          values (${employer}::uuid, 'Người lao động đo', 'female', '1990-05-01', 'VN', ${tag})`.execute(db),
    },
    {
      table: 'worker',
      write: 'insert 1 000 rows',
      times: 10,
      run: (db) =>
        sql`insert into worker (business_id, full_name, sex, birth_date, nationality, education_level, created_by)
          select ${employer}::uuid, 'Người lao động đo ' || i, case when i % 2 = 0 then 'male' else 'female' end,
            make_date(1960 + i % 45, 1, 1), 'VN', 'upperSecondary', ${tag}
          from generate_series(1, 1000) i`.execute(db),
    },
    {
      table: 'worker',
      write: 'update 1 row',
      times: 200,
      run: (db) =>
        sql`update worker set education_level = case when education_level = 'university' then 'college' else 'university' end
          where id = (select id from worker where created_by = ${tag} limit 1)`.execute(db),
    },
    {
      table: 'accident',
      write: 'insert 1 row',
      times: 200,
      run: (db) =>
        sql`insert into accident (code, code_year, code_sequence, business_id, ward_id, declared_by_unit_id, declarant_kind,
            occurred_at, place, description, severity, victim_count, death_count)
          select ${`TNC-${randomUUID()}`}, 9999, (random() * 1e9)::int, ${employer}::uuid, null, u.id, 'employer', now(),
            'Xưởng', ${tag}, 'light', 1, 0
          from unit u where u.kind = 'department' limit 1`.execute(db),
    },
    {
      table: 'equipment',
      write: 'insert 1 row',
      times: 200,
      run: (db) =>
        sql`insert into equipment (business_id, name, status, next_due_date, declaration_status, created_by)
          values (${employer}::uuid, 'Nồi hơi đo', 'inUse', current_date + 300, 'none', ${tag})`.execute(db),
    },
  ];
}

async function cleanUp(db: Db): Promise<void> {
  await sql`delete from worker where created_by = 'bench-rollup-cost'`.execute(db);
  await sql`delete from accident where description = 'bench-rollup-cost'`.execute(db);
  await sql`delete from equipment where created_by = 'bench-rollup-cost'`.execute(db);
}

/**
 * Each write timed with the tables' triggers as built (workspace tallies and statistics rollups), then with the
 * rollups' branches taken out (the workspace's tallies only), then the rollups built back.
 */
async function writeCosts(ctx: BenchContext): Promise<ResultRow[]> {
  const db = ctx.database.db;
  const employer = (await sql<{ id: string }>`select id from business where deleted_at is null limit 1`.execute(db))
    .rows[0]!.id;
  const all = registeredTallies();
  const rollupNames = new Set(ROLLUPS.map((r) => r.name));
  const costs: WriteCost[] = [];
  const list = writes(employer);
  const withRollups: number[] = [];
  for (const w of list) withRollups.push(await timed(db, w.times, w.run));
  await cleanUp(db);
  ctx.log('  without the rollups');
  await buildTallies(
    db,
    all.filter((t) => !rollupNames.has(t.name)),
    { all: true },
  );
  const without: number[] = [];
  for (const w of list) without.push(await timed(db, w.times, w.run));
  await cleanUp(db);
  ctx.log('  rollups built back');
  await buildTallies(db, all, { all: true });
  for (const [i, w] of list.entries())
    costs.push({ table: w.table, write: w.write, withMs: withRollups[i]!, withoutMs: without[i]! });
  return costs.map((c) => {
    const extra = c.withoutMs > 0 ? c.withMs / c.withoutMs - 1 : 0;
    return {
      measurement: `rollup write cost: ${c.table} ${c.write}`,
      database: ctx.kind,
      rows: ctx.province.workers,
      figure: `${c.withMs.toFixed(2)} ms vs ${c.withoutMs.toFixed(2)} ms (+${(extra * 100).toFixed(0)} %)`,
      goal: 'extra ≤ 20 %',
      status: extra <= 0.2 ? 'pass' : 'FAIL',
      detail: { ...c, extra },
    } satisfies ResultRow;
  });
}

export const statistics: Measurement = {
  name: 'statistics',
  description:
    'the 22 statistics and the overview as the department, API vs the same rollup answer bare; what the rollups cost a write',
  async run(ctx) {
    const db = ctx.database.db;
    await ensureAccidents(db, ctx.province, ctx.log);
    await ensureEquipment(db, ctx.province, ctx.log);
    // The app builds changed rollups in the background from its start: measured once they are built.
    await workspaceCountCache(db).talliesReady(registeredTallies());
    // What the generation wrote waits in the rollups' deltas; a running portal compacts them as they pile up.
    while ((await compactTallies(db)) > 0);
    // A bench run builds the rollups again and again (a changed declaration, the write-cost round below); the space
    // those builds left is given back, as a long-running portal's vacuum keeps it in use.
    await sql`vacuum full analyze workspace_tally_base, workspace_tally_total, workspace_tally_delta`.execute(db);
    const out: ResultRow[] = [];
    for (const s of STATISTICS) {
      // Signed in for each: the whole round outlives an access token.
      const department = await signIn(ctx, 'department', PERMISSIONS, undefined, true);
      out.push(
        ...(await guarded(ctx, `statistic ${s.slug}`, () =>
          compareStatistic(ctx, s.slug, department, ctx.province.workers),
        )),
      );
    }
    out.push(...(await guarded(ctx, 'rollup write cost', () => writeCosts(ctx))));
    return out;
  },
};
