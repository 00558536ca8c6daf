import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { signIn } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/** The demo province shows the equipment domain in every state, to every role. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
});
afterAll(async () => t?.close());

const tasksOf = async (userName: string) => {
  const user = await signIn(t, { userName, password: DEMO_PASSWORD });
  const res = await t.request({ url: '/api/Workspace/tasks', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return { user, tasks: res.json().tasks as { key: string; count: number; link: string }[] };
};

describe('equipment demo', () => {
  it('seeds machines with certificates, valid, due soon and overdue, and declarations in every state', async () => {
    const machines = await sql<{ n: string }>`select count(*) as n from equipment where deleted_at is null`.execute(
      t.database.db,
    );
    expect(Number(machines.rows[0]!.n)).toBeGreaterThanOrEqual(9);
    const states = await sql<{ status: string }>`select distinct status from equipment_declaration`.execute(
      t.database.db,
    );
    expect(states.rows.map((r) => r.status).sort()).toEqual(['confirmed', 'draft', 'refused', 'submitted']);
    const late = await sql<{ n: string }>`select count(*) as n from equipment_declaration where late`.execute(
      t.database.db,
    );
    expect(Number(late.rows[0]!.n)).toBeGreaterThan(0);

    // The confirmation's QR page shows its machines to anyone.
    const code = await sql<{ public_code: string }>`select public_code from equipment_declaration
      where status = 'confirmed' limit 1`.execute(t.database.db);
    const page = await t.request({ url: `/api/Equipment/public/${code.rows[0]!.public_code}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().items.length).toBe(2);
    expect(
      page
        .json()
        .items.map((i: { dueState: string }) => i.dueState)
        .sort(),
    ).toEqual(['dueSoon', 'overdue']);
  });

  it('gives the department and each employer their equipment tasks', async () => {
    const department = await tasksOf('canbo.so');
    const find = (w: typeof department, key: string) => w.tasks.find((x) => x.key === key)?.count ?? 0;
    expect(find(department, 'equipment.declarationsToConfirm')).toBe(1);
    expect(find(department, 'equipment.overdue')).toBe(2);
    const coffee = await tasksOf('dn.caudatxanh');
    expect(find(coffee, 'equipment.overdue')).toBe(1);
    expect(find(coffee, 'equipment.dueSoon')).toBe(1);
    expect(find(coffee, 'equipment.declarationsToConfirm')).toBe(0);
  });
});
