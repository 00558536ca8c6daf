import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { WORKSPACE_API } from '@portal/domain/workspace';
import {
  registeredWorkspace,
  workspaceCountCache,
  workspaceOf,
} from '../../../apps/api/src/modules/workspace/index.ts';
import { loadPrincipal } from '../../../apps/api/src/platform/auth/principal.ts';
import { hashPassword } from '../../../apps/api/src/platform/auth/passwords.ts';
import { clock } from '../../../apps/api/src/platform/clock/index.ts';
import { percentile, summarize } from '../load/client.ts';
import { compareWithBare, goals, judge, type BenchContext, type Measurement, type ResultRow } from '../harness.ts';
import { guarded, signIn } from './shared.ts';
import { ensureWorkers } from './workers.ts';

/**
 * The workspace every sign-in lands on (`GET /api/Workspace/tasks`) at province scale, per role: the department,
 * communes (the wards with the most employers) and employers (the largest and a few others), each user holding
 * every permission a workspace card needs, so every provider counts.
 *
 * Cold: the first call of each scope, with nothing kept (the in-process counts and the shared table emptied
 * before each call), over several scopes of the role; tallies (modules/workspace/tally.ts) are kept data, not a
 * cache, and stay. After a write: the first call of each (warm) scope after a write in it — a worker added to one
 * of the scope's employers, then removed again (soft delete) — and after an edit of the employer's own record;
 * each answer's workers figure is checked to have moved by exactly the write. Warm: the same call under load once
 * counted, alone, then against a bare node:http handler answering the same workspace counted live (no cache, no
 * tally, no framework): the ratio is the gain over counting every table at every sign-in. Both answers are
 * checked equal first.
 */

const SCOPES = 5;

interface Caller {
  headers: Record<string, string>;
  userId: string;
  /** An employer in the caller's scope (where the after-write measurement writes). */
  businessId: string;
  /** A commune's ward (where the report write files, when its reporters are there). */
  ward?: string;
}

/** A commune (ward) officer: unit of kind 'district' on the ward, as the portal's commune units are. */
async function signInCommune(
  ctx: BenchContext,
  wardCode: string,
  permissions: readonly string[],
): Promise<Omit<Caller, 'businessId'>> {
  const db = ctx.database.db;
  const suffix = randomBytes(4).toString('hex');
  const who = { userName: `bench_c_${suffix}`, password: `Bench#${randomBytes(6).toString('hex')}` };
  const unit = await sql<{ id: string }>`insert into unit (kind, name, local_unit_code)
    values ('district', ${`UBND ${wardCode} ${suffix}`}, ${wardCode}) returning id`.execute(db);
  const type = await sql<{ id: string }>`insert into user_type (code, name, role, permissions)
    values (${`BENCH_C_${suffix}`}, ${`Bench ${suffix}`}, 'client', ${JSON.stringify(permissions)}::jsonb) returning id`.execute(
    db,
  );
  const user = await sql<{
    id: string;
  }>`insert into app_user (user_name, full_name, unit_id, user_type_id, status, password_hash, password_changed_at)
    values (${who.userName}, 'Bench', ${unit.rows[0]!.id}, ${type.rows[0]!.id}, 'active', ${await hashPassword(who.password)}, now())
    returning id`.execute(db);
  const res = await fetch(`${ctx.apiBaseUrl}/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { accessToken: string }).accessToken;
  return { headers: { authorization: `Bearer ${token}` }, userId: user.rows[0]!.id };
}

async function callersOf(ctx: BenchContext): Promise<Record<'department' | 'commune' | 'employer', Caller[]>> {
  const db = ctx.database.db;
  const { tasks, figures } = registeredWorkspace();
  const permissions = [...new Set([...tasks, ...figures].map((p) => p.permission))];
  const asCaller = (s: Awaited<ReturnType<typeof signIn>>, businessId: string): Caller => ({
    headers: s.headers,
    userId: s.principal.userId,
    businessId,
  });
  const anyEmployer = await sql<{ id: string }>`select id from business where source = 'bench'
    order by md5(id::text) desc limit 1`.execute(db);
  const department = [asCaller(await signIn(ctx, 'department', permissions), anyEmployer.rows[0]!.id)];
  const wards = await sql<{ ward: string; business: string }>`select ward_code as ward,
      (array_agg(id order by md5(id::text)))[1] as business
    from business where source = 'bench' group by ward_code order by count(*) desc limit ${SCOPES}`.execute(db);
  const commune: Caller[] = [];
  for (const { ward, business } of wards.rows)
    commune.push({ ...(await signInCommune(ctx, ward, permissions)), businessId: business, ward });
  // The largest employers and a spread of others.
  const employers = await sql<{ id: string }>`(select id from business where source = 'bench'
      order by employee_count desc limit 2)
    union all (select id from business where source = 'bench' order by md5(id::text) limit ${SCOPES - 2})`.execute(db);
  const employer: Caller[] = [];
  for (const { id } of employers.rows) employer.push(asCaller(await signIn(ctx, 'employer', permissions, id), id));
  return { department, commune, employer };
}

async function timedCall(ctx: BenchContext, caller: Caller): Promise<number> {
  const started = performance.now();
  const res = await fetch(ctx.apiBaseUrl + WORKSPACE_API, { headers: caller.headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`workspace answered ${res.status}`);
  return performance.now() - started;
}

/**
 * Waits until the app's pool is idle: the previous role's bare side counts live through it (a commune's take
 * seconds), and its requests still running when the load stops would be timed as this role's first calls.
 */
async function settle(ctx: BenchContext): Promise<void> {
  const pool = ctx.database.pool;
  for (let i = 0; i < 600 && (pool.waitingCount > 0 || pool.idleCount < pool.totalCount); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** First calls with nothing kept, over the role's scopes (repeated to at least SCOPES samples). */
async function cold(ctx: BenchContext, role: string, callers: Caller[]): Promise<ResultRow[]> {
  await settle(ctx);
  const cache = workspaceCountCache(ctx.database.db);
  const before = { ...cache.stats };
  cache.computeMs.clear();
  const times: number[] = [];
  for (let i = 0; i < Math.max(SCOPES, callers.length); i += 1) {
    cache.clearMemory();
    await sql`delete from workspace_count_cache`.execute(ctx.database.db);
    times.push(await timedCall(ctx, callers[i % callers.length]!));
  }
  const sorted = Float64Array.from(times).sort();
  const row: ResultRow = {
    measurement: `workspace ${role} (cold)`,
    database: ctx.kind,
    side: 'api',
    rows: ctx.province.workers,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    status: '—',
    detail: {
      timesMs: times,
      computed: cache.stats.computed - before.computed,
      scopes: callers.length,
      slowestCountsMs: slowest(cache),
    },
  };
  return [row];
}

/** The counts that took longest the last time they were computed (what makes a first call slow). */
const slowest = (cache: ReturnType<typeof workspaceCountCache>) =>
  Object.fromEntries(
    [...cache.computeMs]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([key, ms]) => [key, Math.round(ms)]),
  );

type WorkspaceAnswer = { figures: { key: string; value: number }[]; tasks: { key: string; count: number }[] };
const workersOf = (answer: WorkspaceAnswer) => answer.figures.find((f) => f.key === 'workers.workers')?.value;
/** What each write moves by exactly its size: the workers figure, or the reports waiting for review. */
const movedBy = {
  worker: workersOf,
  employer: workersOf,
  report: (answer: WorkspaceAnswer) => answer.tasks.find((t) => t.key === 'reports.toReview')?.count,
};

/**
 * A reporter expected to file and not started, in the caller's scope when it has one (the province's report data
 * lives on employers of their own: a commune's ward may have some, an employer none), else anywhere.
 */
async function unfiledReporter(ctx: BenchContext, caller: Caller): Promise<string | undefined> {
  const scoped = caller.ward ? sql`e.ward_code = ${caller.ward}` : sql`e.business_id = ${caller.businessId}::uuid`;
  const pick = (where: ReturnType<typeof sql>) => sql<{ id: string }>`select e.id from report_expected e
    where ${where} and e.removed_at is null and e.submission_status is null
      and not exists (select 1 from report_submission s where s.expected_id = e.id and s.deleted_at is null)
    limit 1`;
  const found =
    (await pick(scoped).execute(ctx.database.db)).rows[0] ?? (await pick(sql`true`).execute(ctx.database.db)).rows[0];
  return found?.id;
}

async function answered(ctx: BenchContext, caller: Caller): Promise<{ ms: number; answer: WorkspaceAnswer }> {
  const started = performance.now();
  const res = await fetch(ctx.apiBaseUrl + WORKSPACE_API, { headers: caller.headers });
  const answer = (await res.json()) as WorkspaceAnswer;
  if (res.status !== 200) throw new Error(`workspace answered ${res.status}`);
  return { ms: performance.now() - started, answer };
}

/**
 * The first call of each scope after a write in it (the scope warm before). 'worker': a worker added to an
 * employer of the scope, then the next time removed (soft delete), as the worker register does; the workers
 * figure must move by exactly one each time. 'employer': the employer's own record edited (its phone), which the
 * counts over employers read. 'report': a report filed by a reporter of the scope (of the province when the scope
 * has none), then the next time withdrawn, as the filing page does; the department's reports waiting for review
 * must move by exactly one each time (the others' counts of reports are timed, not checked).
 */
async function afterWrite(
  ctx: BenchContext,
  role: string,
  callers: Caller[],
  write: 'worker' | 'employer' | 'report',
): Promise<ResultRow[]> {
  await settle(ctx);
  const db = ctx.database.db;
  const cache = workspaceCountCache(db);
  const before = { ...cache.stats };
  cache.computeMs.clear();
  const last = new Map<Caller, number | undefined>();
  for (const c of callers) last.set(c, movedBy[write]((await answered(ctx, c)).answer));
  const added = new Map<Caller, string>();
  const times: number[] = [];
  let inexact = 0;
  for (let i = 0; i < SCOPES * 2; i += 1) {
    const caller = callers[i % callers.length]!;
    let moved = 0;
    if (write === 'report') {
      if (added.has(caller)) {
        await sql`delete from report_submission where id = ${added.get(caller)!}::uuid`.execute(db);
        added.delete(caller);
        moved = -1;
      } else {
        const expected = await unfiledReporter(ctx, caller);
        if (!expected) throw new Error('no report data: run the report-status measurement first');
        const row = await sql<{ id: string }>`insert into report_submission (expected_id, report_type_id, period_key,
            reporter_kind, reporter_key, business_id, ward_code, status, form_code, form_version, "values",
            first_submitted_on, first_submitted_at, submitted_at, created_by)
          select e.id, e.report_type_id, e.period_key, e.reporter_kind, e.reporter_key, e.business_id, e.ward_code,
            'submitted', t.form_code, 1, '{"totalWorkers": 12}', current_date, now(), now(), null
          from report_expected e join report_type t on t.id = e.report_type_id where e.id = ${expected}::uuid
          returning id`.execute(db);
        added.set(caller, row.rows[0]!.id);
        moved = 1;
      }
    } else if (write === 'employer') {
      await sql`update business set phone = ${`0263${String(i).padStart(7, '0')}`}, updated_at = now()
        where id = ${caller.businessId}`.execute(db);
    } else if (added.has(caller)) {
      await sql`update worker set deleted_at = now() where id = ${added.get(caller)!}`.execute(db);
      added.delete(caller);
      moved = -1;
    } else {
      const row = await sql<{ id: string }>`insert into worker (business_id, full_name, citizen_id, birth_date, sex,
          nationality, working_form, start_date, created_by, updated_by)
        values (${caller.businessId}, 'Nguyễn Văn Mới', ${String(100_000_000_000 + Math.floor(Math.random() * 1e11))},
          '1995-05-05', 'male', 'VN', 'fullTime', current_date, 'bench-write', 'bench-write')
        returning id`.execute(db);
      added.set(caller, row.rows[0]!.id);
      moved = 1;
    }
    const { ms, answer } = await answered(ctx, caller);
    times.push(ms);
    const now = movedBy[write](answer);
    if (now !== undefined && now !== (last.get(caller) ?? 0) + moved) inexact += 1;
    last.set(caller, now);
  }
  await sql`delete from worker where created_by = 'bench-write'`.execute(db);
  for (const id of added.values()) await sql`delete from report_submission where id = ${id}::uuid`.execute(db);
  const sorted = Float64Array.from(times).sort();
  const stats = cache.stats;
  return [
    {
      measurement: `workspace ${role} (after ${write} write)`,
      database: ctx.kind,
      side: 'api',
      rows: ctx.province.workers,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      // A count that did not move by exactly the write is a wrong answer.
      status: inexact > 0 ? 'error' : '—',
      detail: {
        timesMs: times,
        inexact,
        computed: stats.computed - before.computed,
        tallied: stats.tallied - before.tallied,
        memoryHits: stats.memoryHits - before.memoryHits,
        scopes: callers.length,
        slowestCountsMs: slowest(cache),
      },
    },
  ];
}

/** The role's first scope under load once its counts are kept, against the same answer counted live. */
async function warm(ctx: BenchContext, role: string, callers: Caller[]): Promise<ResultRow[]> {
  // Every scope of the role warm, as after their users' first sign-ins.
  for (const c of callers) await timedCall(ctx, c);
  const caller = callers[0]!;
  const principal = await loadPrincipal(ctx.database.db, caller.userId);
  if (!principal) throw new Error('bench user not found');
  const cache = workspaceCountCache(ctx.database.db);
  // Warm alone first: in the comparison, the live counts of the bare side may still hold the pool when the API
  // side starts (a commune's take seconds each).
  const alone = summarize([
    await ctx.load.run({
      url: ctx.apiBaseUrl + WORKSPACE_API,
      connections: ctx.options.connections,
      durationSeconds: ctx.options.durationSeconds,
      headers: caller.headers,
    }),
  ]);
  const aloneRow = judge(
    {
      measurement: `workspace ${role} (warm)`,
      database: ctx.kind,
      side: 'api',
      rows: ctx.province.workers,
      requestsPerSecond: alone.requestsPerSecond,
      p50Ms: alone.latencyMs.p50,
      p95Ms: alone.latencyMs.p95,
      p99Ms: alone.latencyMs.p99,
      status: alone.non2xx + alone.errors + alone.timeouts > 0 ? 'error' : '—',
      detail: { ...alone },
    },
    [goals.maxP95(100, { minRows: 1_000_000 })],
  );
  const before = { ...cache.stats };
  const rows = await compareWithBare(ctx, {
    name: `workspace ${role}`,
    path: WORKSPACE_API,
    rows: ctx.province.workers,
    headers: caller.headers,
    goals: [goals.maxP95(100, { minRows: 1_000_000 })],
    bare: () => workspaceOf({ db: ctx.database.db, principal, today: clock.today() }, { live: true }),
  });
  const api = rows.find((r) => r.side === 'api');
  if (api) {
    const stats = cache.stats;
    api.detail = {
      ...api.detail,
      cache: {
        computed: stats.computed - before.computed,
        memoryHits: stats.memoryHits - before.memoryHits,
        sharedHits: stats.sharedHits - before.sharedHits,
        uncacheable: stats.uncacheable - before.uncacheable,
      },
    };
  }
  return [aloneRow, ...rows];
}

export const workspace: Measurement = {
  name: 'workspace',
  description:
    'GET /api/Workspace/tasks per role (department, commune, employer): cold first calls per scope, and warm vs the same answer counted live',
  async run(ctx) {
    await ensureWorkers(ctx.database.db, ctx.province, ctx.log);
    const callers = await callersOf(ctx);
    const rows: ResultRow[] = [];
    for (const [role, list] of Object.entries(callers)) {
      rows.push(...(await guarded(ctx, `workspace ${role} (cold)`, () => cold(ctx, role, list))));
      for (const write of ['worker', 'employer', 'report'] as const)
        rows.push(
          ...(await guarded(ctx, `workspace ${role} (after ${write} write)`, () => afterWrite(ctx, role, list, write))),
        );
      rows.push(...(await guarded(ctx, `workspace ${role}`, () => warm(ctx, role, list))));
    }
    return rows;
  },
};
