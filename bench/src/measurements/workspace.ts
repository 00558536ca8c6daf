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
 * before each call), over several scopes of the role. Warm: the same call under load once counted, alone, then
 * against a bare node:http handler answering the same workspace counted live (no cache, no framework): the ratio
 * is the cache's gain over counting every table at every sign-in. Both answers are checked equal first.
 */

const SCOPES = 5;

interface Caller {
  headers: Record<string, string>;
  userId: string;
}

/** A commune (ward) officer: unit of kind 'district' on the ward, as the portal's commune units are. */
async function signInCommune(ctx: BenchContext, wardCode: string, permissions: readonly string[]): Promise<Caller> {
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
  const asCaller = (s: Awaited<ReturnType<typeof signIn>>): Caller => ({
    headers: s.headers,
    userId: s.principal.userId,
  });
  const department = [asCaller(await signIn(ctx, 'department', permissions))];
  const wards = await sql<{ ward: string }>`select ward_code as ward from business where source = 'bench'
    group by ward_code order by count(*) desc limit ${SCOPES}`.execute(db);
  const commune: Caller[] = [];
  for (const { ward } of wards.rows) commune.push(await signInCommune(ctx, ward, permissions));
  // The largest employers and a spread of others.
  const employers = await sql<{ id: string }>`(select id from business where source = 'bench'
      order by employee_count desc limit 2)
    union all (select id from business where source = 'bench' order by md5(id::text) limit ${SCOPES - 2})`.execute(db);
  const employer: Caller[] = [];
  for (const { id } of employers.rows) employer.push(asCaller(await signIn(ctx, 'employer', permissions, id)));
  return { department, commune, employer };
}

async function timedCall(ctx: BenchContext, caller: Caller): Promise<number> {
  const started = performance.now();
  const res = await fetch(ctx.apiBaseUrl + WORKSPACE_API, { headers: caller.headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`workspace answered ${res.status}`);
  return performance.now() - started;
}

/** First calls with nothing kept, over the role's scopes (repeated to at least SCOPES samples). */
async function cold(ctx: BenchContext, role: string, callers: Caller[]): Promise<ResultRow[]> {
  const cache = workspaceCountCache(ctx.database.db);
  const before = { ...cache.stats };
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
    detail: { timesMs: times, computed: cache.stats.computed - before.computed, scopes: callers.length },
  };
  return [row];
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
      rows.push(...(await guarded(ctx, `workspace ${role}`, () => warm(ctx, role, list))));
    }
    return rows;
  },
};
