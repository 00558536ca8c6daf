import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { WORKSPACE_API, type WorkspaceTask } from '@portal/domain/workspace';
import type { Principal } from '../src/platform/access/index.ts';
import { type CountRequest, WorkspaceCountCache, workspaceCountCache } from '../src/modules/workspace/cache.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { sessionWith, type Session } from './support/accounts.ts';
import { registeredWorkspace, workspaceOf } from '../src/modules/workspace/registry.ts';
import { warmWorkspaces } from '../src/modules/workspace/warm.ts';
import { loadPrincipal } from '../src/platform/auth/principal.ts';
import { clock } from '../src/platform/clock/index.ts';
import { caller, fillRequired, permitsWorld, type PermitsWorld, requestIn } from './permits.fixtures.ts';

/**
 * Workspace counts are kept while the tables they read are unchanged (modules/workspace/cache.ts): a warm call
 * runs no count, a write through the API (or straight to the database, as another instance or a job does) shows
 * at the next call, the day is part of the key, other instances reuse a count, and memory stays bounded.
 */
let t: TestApp;
let w: PermitsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await permitsWorld(t);
});

afterAll(async () => {
  await t?.close();
});

const workspace = async (session: Session) => {
  const res = await t.request({ url: WORKSPACE_API, headers: session.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ tasks: WorkspaceTask[] }>().tasks;
};
const countOf = async (session: Session, key: string) => (await workspace(session)).find((x) => x.key === key)?.count;
const stats = () => ({ ...workspaceCountCache(t.database.db).stats });

describe('through the API', () => {
  it('a warm call runs no count; the same scope shares it', async () => {
    // A count's first run gives the tables it reads their trigger and is not kept; from its next run on it is.
    for (let i = 0; i < 2; i += 1) {
      await workspace(w.department);
      await workspace(w.employerA);
    }
    const before = stats();
    const again = await workspace(w.department);
    // A colleague of the same employer and abilities: counted already.
    await workspace(w.employerA2);
    const after = stats();
    expect(after.computed - before.computed).toBe(0);
    expect(after.memoryHits - before.memoryHits).toBeGreaterThanOrEqual(again.length);
  });

  it("at the day's turn the scopes used the day before are counted ahead of their first call", async () => {
    // Twice: a count's first run (a table's trigger made) is not kept.
    for (let i = 0; i < 2; i += 1) {
      await workspace(w.department);
      await workspace(w.employerA);
    }
    const today = clock.today();
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const warmed = await warmWorkspaces(t.database.db, day(1));
    expect(warmed.users).toBeGreaterThanOrEqual(2);
    expect(warmed.skipped).toBe(0);
    const first = async (session: Session, on: string) => {
      const principal = await loadPrincipal(t.database.db, session.userData.userId);
      const before = stats();
      await workspaceOf({ db: t.database.db, principal: principal!, today: on });
      return stats().computed - before.computed;
    };
    // The first calls of the new day count nothing: the night counted them.
    expect(await first(w.department, day(1))).toBe(0);
    expect(await first(w.employerA, day(1))).toBe(0);
    // A user no longer signing in is not counted for night after night: their scope's first call counts.
    await sql`update auth_session set last_used_at = now() - interval '8 days' where user_id = ${w.employerA.userData.userId}::uuid`.execute(
      t.database.db,
    );
    await warmWorkspaces(t.database.db, day(2));
    expect(await first(w.department, day(2))).toBe(0);
    expect(await first(w.employerA, day(2))).toBeGreaterThan(0);
  });

  it('a write through the API changes the counts at the next call, for every side', async () => {
    expect(await countOf(w.employerA, 'permits.drafts')).toBe(0);
    expect(await countOf(w.department, 'permits.toReview')).toBe(0);

    const made = await requestIn(w, 'draft');
    expect(await countOf(w.employerA, 'permits.drafts')).toBe(1);
    expect(await countOf(w.employerA2, 'permits.drafts')).toBe(1);
    // Another employer's scope: untouched.
    expect(await countOf(w.employerB, 'permits.drafts')).toBe(0);

    const call = caller(t);
    await fillRequired(call, w.employerA, made.id, 'new');
    const current = (await call(w.employerA, 'GET', `worker-license/${made.id}`)).json<{ version: number }>();
    const submitted = await call(w.employerA, 'POST', 'submit-require', { id: made.id, version: current.version });
    expect(submitted.statusCode).toBe(200);
    expect(await countOf(w.employerA, 'permits.drafts')).toBe(0);
    expect(await countOf(w.department, 'permits.toReview')).toBe(1);
  });

  it("every provider's count is kept, for the authority and the employer side", async () => {
    const { tasks, figures } = registeredWorkspace();
    const permissions = [...new Set([...tasks, ...figures].map((p) => p.permission))];
    const everything = [
      await sessionWith(t, { permissions }),
      await sessionWith(t, { permissions, unitId: w.businessA.unitId }),
    ];
    for (const session of everything) {
      // Any table no count had read yet gets its trigger on this call.
      await workspace(session);
      const first = stats();
      const shown = await workspace(session);
      expect(shown.length).toBeGreaterThan(5);
      const second = stats();
      await workspace(session);
      const third = stats();
      expect(second.uncacheable - first.uncacheable).toBe(0);
      expect(third.computed - second.computed).toBe(0);
    }
  });

  it('another instance reuses the counts through the database, and sees writes at once', async () => {
    await workspace(w.department);
    // A second instance: nothing in its memory, the shared table has the counts.
    workspaceCountCache(t.database.db).clearMemory();
    const before = stats();
    await workspace(w.department);
    const after = stats();
    expect(after.computed - before.computed).toBe(0);
    expect(after.sharedHits - before.sharedHits).toBeGreaterThan(0);

    await requestIn(w, 'submitted');
    workspaceCountCache(t.database.db).clearMemory();
    expect(await countOf(w.department, 'permits.toReview')).toBe(2);
  });
});

describe('the cache itself', () => {
  const principal = (unitId: string) =>
    ({
      userId: `u-${unitId}`,
      userName: 'x',
      role: 'client',
      userTypeId: null,
      unit: { id: unitId, kind: 'department' },
      ability: { rules: [{ action: 'read', subject: 'Worker' }] },
    }) as unknown as Principal;
  const workers: CountRequest = {
    key: 'test.workers',
    caching: 'scope',
    compute: async (db) =>
      (await sql<{ n: number }>`select count(*)::int as n from worker where deleted_at is null`.execute(db)).rows[0]!.n,
  };
  const insertWorker = (name: string) =>
    sql`insert into worker (full_name, citizen_id, birth_date, sex, nationality, business_id)
      values (${name}, ${String(randomInt(1e11, 1e12 - 1))}, '1990-01-01', 'male', 'VN', ${w.businessA.id})`.execute(
      t.database.db,
    );

  it('gives a table its trigger when a count first reads it, keeps the count from then on, and leaves other tables alone', async () => {
    const hasTrigger = async (table: string) =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where c.relname = ${table} and g.tgname = 'workspace_touch'`.execute(t.database.db)
      ).rows[0]!.n === 1;
    // Written at every sign-in, read by no count: no trigger, no cost.
    expect(await hasTrigger('audit_log')).toBe(false);
    expect(await hasTrigger('news_topic')).toBe(false);
    const topics: CountRequest = {
      key: 'test.topics',
      caching: 'scope',
      compute: async (db) =>
        (await sql<{ n: number }>`select count(*)::int as n from news_topic`.execute(db)).rows[0]!.n,
    };
    const cache = new WorkspaceCountCache(t.database.db);
    const p = principal('unit-topics');
    await cache.counts(p, '2026-03-01', [topics]);
    expect(await hasTrigger('news_topic')).toBe(true);
    await cache.counts(p, '2026-03-01', [topics]);
    await cache.counts(p, '2026-03-01', [topics]);
    expect(cache.stats.computed).toBe(2);
    expect(cache.stats.memoryHits).toBe(1);
  });

  it('recounts after a write straight to the database, not after a rolled-back one, and per day', async () => {
    const cache = new WorkspaceCountCache(t.database.db);
    const p = principal('unit-1');
    const [first] = await cache.counts(p, '2026-03-01', [workers]);
    await cache.counts(p, '2026-03-01', [workers]);
    expect(cache.stats.computed).toBe(1);

    await insertWorker('Nguyễn Văn Mới');
    const [second] = await cache.counts(p, '2026-03-01', [workers]);
    expect(second).toBe(first! + 1);
    expect(cache.stats.computed).toBe(2);

    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await sql`delete from worker`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await cache.counts(p, '2026-03-01', [workers])).toEqual([second]);
    expect(cache.stats.computed).toBe(2);

    // The next day counts again, though no table changed.
    await cache.counts(p, '2026-03-02', [workers]);
    expect(cache.stats.computed).toBe(3);
  });

  it('does not keep a count that reads the clock', async () => {
    const cache = new WorkspaceCountCache(t.database.db);
    const clocked: CountRequest = {
      key: 'test.clocked',
      caching: 'scope',
      compute: async (db) =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from worker where created_at > now() - interval '1 hour'`.execute(db)
        ).rows[0]!.n,
    };
    await cache.counts(principal('unit-1'), '2026-03-01', [clocked]);
    await cache.counts(principal('unit-1'), '2026-03-01', [clocked]);
    expect(cache.stats.computed).toBe(2);
    expect(cache.stats.uncacheable).toBe(2);
  });

  it('keeps at most its limit of counts in memory', async () => {
    const cache = new WorkspaceCountCache(t.database.db, 5);
    for (let i = 0; i < 12; i += 1) await cache.counts(principal(`unit-${i}`), '2026-03-01', [workers]);
    expect(cache.size).toBe(5);
  });
});
