import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { WORKSPACE_API, type WorkspaceFigure, type WorkspaceTask } from '@portal/domain/workspace';
import { addDays } from '@portal/domain/dates';
import { loadPrincipal } from '../src/platform/auth/principal.ts';
import { scopeCondition } from '../src/platform/access/scope.ts';
import type { Principal } from '../src/platform/access/index.ts';
import { WorkspaceCountCache, workspaceCountCache } from '../src/modules/workspace/cache.ts';
import {
  buildTallies,
  compactTallies,
  defineTally,
  liveTally,
  readTallies,
  type TallyUse,
} from '../src/modules/workspace/tally.ts';
import { clock } from '../src/platform/clock/index.ts';
import { registeredTallies } from '../src/modules/workspace/registry.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  adminUser,
  createBusiness,
  createDistrictUnit,
  sessionWith,
  signIn,
  type Session,
} from './support/accounts.ts';

/**
 * Tallies (modules/workspace/tally.ts): counts kept by the writing transactions, read without recounting. After
 * every kind of write — one row, many, a move between employers, a soft and a hard delete, a rolled-back one, a
 * truncate, concurrent writers with compactions between them — the count read is exactly the count of the table;
 * a count by date rolls over with the portal's day, without a write.
 */
let t: TestApp;
let admin: Session;
const wards = ['2025:24781', '2025:24778'] as const;
let a: { id: string; unitId: string };
let b: { id: string; unitId: string };
const sessions: Record<'department' | 'employerA' | 'employerB' | 'communeA' | 'communeB', Session> = {} as never;
const principals: Record<keyof typeof sessions, Principal> = {} as never;

const PERMISSIONS = ['Worker.read', 'Bussiness.read', 'Equipment.read'];

beforeAll(async () => {
  t = await createTestApp({ testClock: true });
  admin = await signIn(t, await adminUser(t));
  a = await createBusiness(t, wards[0], 'Công ty A');
  b = await createBusiness(t, wards[1], 'Công ty B');
  const units = {
    department: undefined,
    employerA: a.unitId,
    employerB: b.unitId,
    communeA: await createDistrictUnit(t, wards[0]),
    communeB: await createDistrictUnit(t, wards[1]),
  };
  for (const [name, unitId] of Object.entries(units) as [keyof typeof sessions, string | undefined][]) {
    const session = await sessionWith(t, { permissions: PERMISSIONS, ...(unitId ? { unitId } : {}) });
    sessions[name] = session;
    principals[name] = (await loadPrincipal(t.database.db, session.user.id))!;
  }
  // Built in the background from the app's start; a call waits only briefly for it.
  expect(await workspaceCountCache(t.database.db).talliesReady(registeredTallies())).toBe(true);
});

afterAll(async () => {
  await setClock(null);
  await t?.close();
});

async function setClock(today: string | null): Promise<void> {
  const res = await t.request({ method: 'PUT', url: '/api/Test/clock', headers: admin.headers, payload: { today } });
  expect(res.statusCode, res.body).toBe(200);
}

const workspace = async (session: Session) => {
  const res = await t.request({ url: WORKSPACE_API, headers: session.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ tasks: WorkspaceTask[]; figures: WorkspaceFigure[] }>();
};
const figure = async (session: Session, key: string) =>
  (await workspace(session)).figures.find((f) => f.key === key)?.value;
const task = async (session: Session, key: string) =>
  (await workspace(session)).tasks.find((x) => x.key === key)?.count;

const insertWorker = (businessId: string) =>
  sql<{ id: string }>`insert into worker (full_name, citizen_id, birth_date, sex, nationality, business_id)
    values ('Nguyễn Văn Đếm', ${String(randomInt(1e11, 1e12 - 1))}, '1990-01-01', 'male', 'VN', ${businessId})
    returning id`
    .execute(t.database.db)
    .then((r) => r.rows[0]!.id);

describe('through the API', () => {
  it('a write changes the workers figure by exactly its rows at the next call, in each scope it touches', async () => {
    const names = Object.keys(sessions) as (keyof typeof sessions)[];
    const read = async () =>
      Object.fromEntries(await Promise.all(names.map(async (n) => [n, await figure(sessions[n], 'workers.workers')])));
    const before = await read();
    const tallied = workspaceCountCache(t.database.db).stats.tallied;

    const id = await insertWorker(a.id);
    expect(await read()).toEqual({
      ...before,
      department: before.department + 1,
      employerA: before.employerA + 1,
      communeA: before.communeA + 1,
    });
    expect(workspaceCountCache(t.database.db).stats.tallied).toBeGreaterThan(tallied);

    // Moved to employer B (another commune): one less in A's scopes, one more in B's, the province unchanged.
    await sql`update worker set business_id = ${b.id} where id = ${id}`.execute(t.database.db);
    expect(await read()).toEqual({
      ...before,
      department: before.department + 1,
      employerB: before.employerB + 1,
      communeB: before.communeB + 1,
    });

    // An edit that leaves the counted columns alone changes nothing; a soft delete takes it back.
    await sql`update worker set full_name = 'Nguyễn Văn Sửa' where id = ${id}`.execute(t.database.db);
    expect((await read()).employerB).toBe(before.employerB + 1);
    await sql`update worker set deleted_at = now() where id = ${id}`.execute(t.database.db);
    expect(await read()).toEqual(before);
  });

  it('the employers figure follows a new employer and one that moves commune', async () => {
    const before = {
      department: await figure(sessions.department, 'businesses.employers'),
      communeA: await figure(sessions.communeA, 'businesses.employers'),
      communeB: await figure(sessions.communeB, 'businesses.employers'),
    };
    const c = await createBusiness(t, wards[0], 'Công ty C');
    expect(await figure(sessions.department, 'businesses.employers')).toBe(before.department! + 1);
    expect(await figure(sessions.communeA, 'businesses.employers')).toBe(before.communeA! + 1);
    await sql`update business set ward_code = ${wards[1]} where id = ${c.id}`.execute(t.database.db);
    expect(await figure(sessions.communeA, 'businesses.employers')).toBe(before.communeA);
    expect(await figure(sessions.communeB, 'businesses.employers')).toBe(before.communeB! + 1);
  });

  it('counts by date roll over with the portal day, with no write', async () => {
    const today = clock.today();
    const type = (await sql<{ id: string }>`select id from index_equipment limit 1`.execute(t.database.db)).rows[0]!.id;
    const overdue = async () => task(sessions.employerA, 'equipment.overdue');
    const dueSoon = async () => task(sessions.employerA, 'equipment.dueSoon');
    const [overdue0, dueSoon0] = [await overdue(), await dueSoon()];
    await sql`insert into equipment (code, name, business_id, index_equipment_id, serial_number, status, next_due_date)
      values ('TB-TALLY-1', 'Xe nâng', ${a.id}, ${type}, 'SN-TALLY-1', 'inUse', ${addDays(today, 1)}::date)`.execute(
      t.database.db,
    );
    expect(await overdue()).toBe(overdue0);
    expect(await dueSoon()).toBe(dueSoon0! + 1);
    await setClock(addDays(today, 2));
    expect(await overdue()).toBe(overdue0! + 1);
    expect(await dueSoon()).toBe(dueSoon0);
    await setClock(null);
    expect(await overdue()).toBe(overdue0);
  });
});

describe('the tallies themselves', () => {
  // A table of its own, so every kind of write (truncate included) can be tried on it.
  const probe = defineTally({
    name: 'test.probe',
    table: 'tally_probe',
    where: 'not gone',
    owners: { business_id: 'business_id', local_unit: 'ward' },
    day: 'due',
    adds: 'weight',
    scope: (principal) =>
      scopeCondition(principal, { businessColumn: 't.business_id', localUnitColumn: 't.local_unit' }),
  });
  const today = '2026-03-10';
  const windows: TallyUse[] = [
    { of: probe },
    { of: probe, window: (d) => ({ to: addDays(d, -1) }) },
    { of: probe, window: (d) => ({ from: d, to: addDays(d, 30) }) },
  ];

  beforeAll(async () => {
    await sql`create table tally_probe (
      id serial primary key, business_id uuid, ward text, due date, weight int not null default 1,
      gone boolean not null default false)`.execute(t.database.db);
    await sql`insert into tally_probe (business_id, ward, due, weight)
      values (${a.id}, ${wards[0]}, '2026-03-01', 2), (${b.id}, ${wards[1]}, null, 1)`.execute(t.database.db);
    await buildTallies(t.database.db, [probe]);
  });

  /** The tally's counts equal the table's, for every side and window, on `day`. */
  async function agrees(day = today): Promise<number> {
    let total = 0;
    for (const principal of Object.values(principals)) {
      const kept = await readTallies(t.database.db, principal, day, windows);
      const live = await Promise.all(windows.map((w) => liveTally(t.database.db, principal, day, w)));
      expect(kept).toEqual(live);
      total += live.reduce((s, n) => s + n, 0);
    }
    return total;
  }

  it('counts what it was built from', async () => {
    expect(await agrees()).toBeGreaterThan(0);
    expect(await readTallies(t.database.db, principals.employerA, today, windows)).toEqual([2, 2, 0]);
  });

  it('agrees with the table after each kind of write, and across the days', async () => {
    const db = t.database.db;
    const writes = [
      sql`insert into tally_probe (business_id, ward, due, weight)
        select case when g % 2 = 0 then ${a.id}::uuid else ${b.id}::uuid end, case when g % 2 = 0 then ${wards[0]} else ${wards[1]} end,
          '2026-03-10'::date + (g % 40 - 20), g % 3 from generate_series(1, 200) g`,
      sql`update tally_probe set weight = weight + 1 where id % 5 = 0`,
      sql`update tally_probe set due = due + 7 where id % 7 = 0`,
      sql`update tally_probe set business_id = ${b.id}, ward = ${wards[1]} where id % 11 = 0`,
      sql`update tally_probe set gone = true where id % 13 = 0`,
      sql`delete from tally_probe where id % 17 = 0`,
      sql`update tally_probe set ward = null where id % 19 = 0`,
    ];
    for (const write of writes) {
      await write.execute(db);
      await agrees();
    }
    await compactTallies(db);
    await agrees();
    // The same rows, other days: the windows move, the tally follows.
    for (const day of ['2026-02-01', '2026-03-20', '2026-05-01']) await agrees(day);

    const before = await readTallies(db, principals.department, today, windows);
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into tally_probe (business_id, ward, due) values (${a.id}, ${wards[0]}, '2026-03-01')`.execute(
          trx,
        );
        await sql`delete from tally_probe where id % 3 = 0`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await readTallies(db, principals.department, today, windows)).toEqual(before);

    await sql`truncate tally_probe`.execute(db);
    expect(await readTallies(db, principals.department, today, windows)).toEqual([0, 0, 0]);
    await sql`insert into tally_probe (business_id, ward, due) values (${a.id}, ${wards[0]}, '2026-03-01')`.execute(db);
    await agrees();
  });

  it('stays exact under concurrent writers and compactions', async () => {
    const db = t.database.db;
    const writer = async (w: number) => {
      for (let i = 0; i < 15; i += 1) {
        await db.transaction().execute(async (trx) => {
          const owner = (w + i) % 2 === 0 ? a : b;
          await sql`insert into tally_probe (business_id, ward, due, weight)
            values (${owner.id}, ${owner === a ? wards[0] : wards[1]}, ${addDays(today, ((w * 7 + i) % 30) - 15)}::date, ${1 + (i % 3)})`.execute(
            trx,
          );
          await sql`update tally_probe set weight = weight + 1 where id = (select max(id) from tally_probe where id % 4 = ${w % 4})`.execute(
            trx,
          );
          if (i % 5 === 4) await sql`delete from tally_probe where id = (select min(id) from tally_probe)`.execute(trx);
        });
      }
    };
    // Readers through the count cache (compacted parts kept, deltas added) while the writers and compactions run.
    const cache = new WorkspaceCountCache(db);
    const throughCache = (principal: Principal) =>
      Promise.all(
        windows.map(
          async (w, i) =>
            (
              await cache.counts(
                principal,
                today,
                [
                  {
                    key: `test.concurrent.${i}`,
                    caching: 'scope',
                    compute: () => liveTally(db, principal, today, w),
                    tally: w,
                  },
                ],
                [probe],
              )
            )[0],
        ),
      );
    let compactions = 0;
    let reads = 0;
    let writing = true;
    const compactor = (async () => {
      while (writing) {
        await compactTallies(db);
        compactions += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const reader = (async () => {
      while (writing) {
        await throughCache(principals.communeA);
        reads += 1;
      }
    })();
    await Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
    writing = false;
    await Promise.all([compactor, reader]);
    expect(compactions).toBeGreaterThan(0);
    expect(reads).toBeGreaterThan(0);
    await agrees();
    for (const principal of Object.values(principals))
      expect(await throughCache(principal)).toEqual(
        await Promise.all(windows.map((w) => liveTally(db, principal, today, w))),
      );
    await compactTallies(db);
    await agrees();
  });

  it('keeps both parts of a count: a warm call reads nothing, a write reads the deltas, a compaction both', async () => {
    const db = t.database.db;
    const cache = new WorkspaceCountCache(db);
    const requests = Object.values(principals).map((principal) => ({
      principal,
      request: {
        key: 'test.probe',
        caching: 'scope' as const,
        compute: () => liveTally(db, principal, today, windows[1]!),
        tally: windows[1]!,
      },
    }));
    const read = async () => {
      const out: number[] = [];
      for (const { principal, request } of requests)
        out.push(...(await cache.counts(principal, today, [request], [probe])));
      return out;
    };
    const live = () => Promise.all(requests.map(({ principal }) => liveTally(db, principal, today, windows[1]!)));
    // The first reads track what the parts read; from then on the parts are kept.
    await read();
    await read();
    let computed = cache.stats.computed;
    expect(await read()).toEqual(await live());
    expect(cache.stats.computed).toBe(computed);

    await sql`insert into tally_probe (business_id, ward, due, weight) values (${a.id}, ${wards[0]}, '2026-03-01', 3),
      (${b.id}, ${wards[1]}, '2026-03-02', 4)`.execute(db);
    expect(await read()).toEqual(await live());
    // Each caller's deltas, not its compacted part (a commune's would read every employer of the province).
    expect(cache.stats.computed - computed).toBe(requests.length);
    computed = cache.stats.computed;

    // A compaction moves the deltas into the compacted counts: both parts are read again, the counts unchanged.
    expect(await compactTallies(db)).toBeGreaterThan(0);
    expect(await read()).toEqual(await live());
    expect(cache.stats.computed - computed).toBe(requests.length * 2);
  });

  it('is built again when its declaration changes', async () => {
    const heavier = defineTally({ ...probe, adds: 'weight * 10' });
    await buildTallies(t.database.db, [heavier]);
    const live = await liveTally(t.database.db, principals.department, today, { of: heavier });
    expect(await readTallies(t.database.db, principals.department, today, [{ of: heavier }])).toEqual([live]);
    await sql`insert into tally_probe (business_id, ward, due, weight) values (${a.id}, ${wards[0]}, null, 2)`.execute(
      t.database.db,
    );
    expect(await readTallies(t.database.db, principals.department, today, [{ of: heavier }])).toEqual([live + 20]);
  });
});
