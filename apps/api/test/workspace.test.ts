import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { signIn } from './support/accounts.ts';

interface Task {
  key: string;
  count: number;
  link: string;
}
interface Figure {
  key: string;
  value: number;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
});
afterAll(async () => t?.close());

async function workspaceOf(userName: string): Promise<{ tasks: Task[]; figures: Figure[] }> {
  const user = await signIn(t, { userName, password: DEMO_PASSWORD });
  const res = await t.request({ url: '/api/Workspace/tasks', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const task = (w: { tasks: Task[] }, key: string) => w.tasks.find((x) => x.key === key);
const figure = (w: { figures: Figure[] }, key: string) => w.figures.find((x) => x.key === key)?.value;

describe('workspace', () => {
  it('needs a signed-in user', async () => {
    const res = await t.request({ url: '/api/Workspace/tasks' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBeDefined();
  });

  it('shows the department the two submitted permit requests and the overtime notice to accept', async () => {
    const w = await workspaceOf('canbo.so');
    expect(task(w, 'permits.toReview')).toMatchObject({
      count: 2,
      link: '/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach?tab=submitted',
    });
    expect(task(w, 'overtime.toAccept')?.count).toBe(1);
    // Employer-side tasks are not the department's.
    expect(task(w, 'permits.returned')).toBeUndefined();
    expect(task(w, 'permits.drafts')).toBeUndefined();
    // Waiting tasks come first.
    expect(w.tasks[0]!.count).toBeGreaterThan(0);
    expect(figure(w, 'businesses.employers')).toBeGreaterThanOrEqual(2);
    expect(figure(w, 'permits.inForce')).toBeGreaterThanOrEqual(3);
  });

  it('shows an employer its own returned request and draft, and counts only its own records', async () => {
    const mine = await workspaceOf('dn.caudatxanh');
    expect(task(mine, 'permits.returned')).toMatchObject({
      count: 1,
      link: '/nguoi-lao-dong/giay-phep-lao-dong/danh-sach?status=returned',
    });
    expect(task(mine, 'permits.drafts')?.count).toBe(1);
    expect(task(mine, 'permits.toReview')).toBeUndefined();
    expect(task(mine, 'overtime.toAccept')).toBeUndefined();
    expect(task(mine, 'overtime.returned')?.count).toBe(0);
    expect(figure(mine, 'businesses.employers')).toBeUndefined();

    const theirs = await workspaceOf('dn.rauhoa');
    expect(task(theirs, 'permits.returned')?.count).toBe(0);
    expect(task(theirs, 'overtime.returned')?.count).toBe(1);

    // Each employer's figures are its own records: together they never exceed the department's.
    const department = await workspaceOf('canbo.so');
    const workers = (w: { figures: Figure[] }) => figure(w, 'workers.workers') ?? 0;
    expect(workers(mine)).toBeGreaterThan(0);
    expect(workers(mine)).toBeLessThan(workers(department));
    // The Worker catalogue area's table is declared in packages/domain, not typed for Kysely.
    const own = await sql<{ n: number }>`select count(*)::int as n from worker w
      join unit u on u.business_id = w.business_id where u.code = '5801234577' and w.deleted_at is null`.execute(
      t.database.db,
    );
    expect(workers(mine)).toBe(own.rows[0]!.n);
    expect(figure(mine, 'permits.inForce')).toBe(1);
  });

  it('shows a training body the courses it runs that start soon, and no employer’s tasks', async () => {
    const before = await workspaceOf('huanluyen');
    expect(task(before, 'permits.returned')).toBeUndefined();
    expect(figure(before, 'workers.workers')).toBeUndefined();
    const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const trainer = await signIn(t, { userName: 'huanluyen', password: DEMO_PASSWORD });
    const target = await sql<{ id: string }>`select id from target_training limit 1`.execute(t.database.db);
    const created = await t.request({
      method: 'POST',
      url: '/api/Training/add',
      headers: trainer.headers,
      payload: {
        code: 'HL-WS-01',
        name: 'Lớp huấn luyện nhóm 4',
        targetTrainingId: target.rows[0]!.id,
        startDate: start,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await workspaceOf('huanluyen');
    expect(task(after, 'training.upcoming')!.count).toBe(task(before, 'training.upcoming')!.count + 1);
    // Another unit's course is not the employer's to count.
    const employer = await workspaceOf('dn.rauhoa');
    expect(task(employer, 'training.upcoming')?.count ?? 0).toBe(0);
  });

  it('gives the administrator every task of the authority side', async () => {
    const w = await workspaceOf('quantri');
    expect(task(w, 'permits.toReview')?.count).toBe(2);
    expect(task(w, 'overtime.toAccept')?.count).toBe(1);
  });
});
