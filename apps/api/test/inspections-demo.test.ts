import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { inspectionsDemoStep } from '../src/modules/inspections/seed.ts';
import { signIn } from './support/accounts.ts';
import { createTestApp, demoSeedContext, type TestApp } from './support/app.ts';

/** The demo province shows inspections in every state, to each role, and seeding twice changes nothing. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
});
afterAll(async () => t?.close());

const tasksOf = async (userName: string) => {
  const user = await signIn(t, { userName, password: DEMO_PASSWORD });
  const res = await t.request({ url: '/api/Workspace/tasks', headers: user.headers });
  expect(res.statusCode).toBe(200);
  const tasks = res.json().tasks as { key: string; count: number }[];
  return { user, count: (key: string) => tasks.find((x) => x.key === key)?.count ?? 0 };
};

describe('inspections demo', () => {
  it('seeds inspections in every state, with sanctioned violations on the published list', async () => {
    const db = t.database.db;
    const states = await sql<{ status: string }>`select distinct status from labour_inspection
      where deleted_at is null`.execute(db);
    expect(states.rows.map((r) => r.status).sort()).toEqual([
      'cancelled',
      'closed',
      'concluded',
      'inProgress',
      'planned',
    ]);
    const requirements = await sql<{
      status: string;
    }>`select distinct status from labour_inspection_requirement`.execute(db);
    expect(requirements.rows.map((r) => r.status).sort()).toEqual(['accepted', 'answered', 'open', 'returned']);
    const linked = await sql<{ published: boolean }>`select v.is_published as published
      from labour_inspection_violation i join violating_organization v on v.id = i.violating_organization_id
      where i.fine_amount > 0`.execute(db);
    expect(linked.rows.length).toBeGreaterThanOrEqual(2);
    expect(linked.rows.every((r) => r.published)).toBe(true);

    const before = await sql<{ n: string }>`select count(*) as n from labour_inspection`.execute(db);
    await inspectionsDemoStep.run(demoSeedContext(t));
    const after = await sql<{ n: string }>`select count(*) as n from labour_inspection`.execute(db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('gives the inspector and the employers their follow-up', async () => {
    const inspector = await tasksOf('thanhtra');
    expect(inspector.count('inspections.answersToReview')).toBeGreaterThanOrEqual(1);
    expect(inspector.count('inspections.overdue')).toBeGreaterThanOrEqual(1);
    const coffee = await tasksOf('dn.caudatxanh');
    expect(coffee.count('inspections.toAnswer')).toBe(1);
    expect(coffee.count('inspections.overdue')).toBe(1);
    const list = await t.request({
      url: '/api/Inspection/inspections?pageSize=50',
      headers: (await signIn(t, { userName: 'dn.rauhoa', password: DEMO_PASSWORD })).headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    // Its closed check, its follow-up with the answer returned, and the planned inspection it was told of.
    expect((list.json().pageLists as { status: string }[]).map((r) => r.status).sort()).toEqual([
      'closed',
      'concluded',
      'planned',
    ]);
    const lookup = await t.request({ url: '/api/Inspection/public-lookup?keyWord=cau dat xanh' });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().pageLists[0].inspections.length).toBe(1);
    expect(lookup.body).not.toContain('Lê Quốc Hùng');
  });
});
