import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { up as linkTrainers } from '../src/db/migrations/0017_training_trainer_unit.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { signIn } from './support/accounts.ts';

/** Training bodies see and run their own courses: the course's trainer is their unit. */
let t: TestApp;
let trainingBodyUnit: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  trainingBodyUnit = (
    await t.database.db.selectFrom('unit').select('id').where('code', '=', 'TTHL_ATLD').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

const as = async (userName: string) => (await signIn(t, { userName, password: DEMO_PASSWORD })).headers;
type Course = { id: string; code: string; businessId: string | null; trainerUnitId: string | null };
async function courses(userName: string): Promise<Course[]> {
  const res = await t.request({ url: '/api/Training/trainings?pageSize=100', headers: await as(userName) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pageLists;
}

describe('training bodies', () => {
  it('list the demo courses they run', async () => {
    const mine = await courses('huanluyen');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((c) => c.trainerUnitId === trainingBodyUnit)).toBe(true);
  });

  it('create a course without choosing an employer; it is theirs whatever the client sends', async () => {
    const headers = await as('huanluyen');
    const target = await sql<{ id: string }>`select id from target_training limit 1`.execute(t.database.db);
    const res = await t.request({
      method: 'POST',
      url: '/api/Training/add',
      headers,
      payload: {
        code: 'HL-MO-2026-01',
        name: 'Huấn luyện an toàn, vệ sinh lao động nhóm 4, lớp mở tháng 3/2026',
        targetTrainingId: target.rows[0]!.id,
        startDate: '2026-03-09',
        endDate: '2026-03-10',
        hours: 16,
        trainerUnitId: null,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ businessId: null, trainerUnitId: trainingBodyUnit });
    expect((await courses('huanluyen')).map((c) => c.code)).toContain('HL-MO-2026-01');
    // Not an employer's course: employers do not see it; the department does.
    expect((await courses('dn.rauhoa')).map((c) => c.code)).not.toContain('HL-MO-2026-01');
    expect((await courses('canbo.so')).map((c) => c.code)).toContain('HL-MO-2026-01');
  });

  it('an employer sees only the courses held for it', async () => {
    const own = await t.database.db
      .selectFrom('business')
      .select('id')
      .where('code', '=', '5801234577')
      .executeTakeFirstOrThrow();
    const list = await courses('dn.caudatxanh');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.businessId === own.id)).toBe(true);
  });

  it('the migration links courses of an earlier installation to the training body they name', async () => {
    const db = t.database.db;
    // As an earlier installation kept them: the trainer as free text, no reference.
    await sql`alter table training add column if not exists training_unit text`.execute(db);
    await sql`update training set training_unit = 'Trung tâm Huấn luyện an toàn lao động Lâm Đồng', trainer_unit_id = null
      where code like 'HL-%-2025'`.execute(db);
    // The migrator hands migrations an untyped Kysely.
    await linkTrainers(db as unknown as Kysely<unknown>);
    const rows = await sql<{ trainer_unit_id: string | null }>`select trainer_unit_id from training
      where code like 'HL-%-2025'`.execute(db);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.every((r) => r.trainer_unit_id === trainingBodyUnit)).toBe(true);
  });

  it('name the employer a course is for and enrol its workers, seeing no employer or worker beyond that', async () => {
    const headers = await as('huanluyen');
    // The employers' drop-down: every live employer, by name and tax code only; their records stay out of reach.
    const options = await t.request({ url: '/api/Bussiness/combobox?keyWord=5801234577', headers });
    expect(options.statusCode, options.body).toBe(200);
    const coffee = (options.json() as { value: string; code: string }[]).find((o) => o.code === '5801234577')!;
    expect(Object.keys(coffee).sort()).toEqual(['code', 'label', 'parentId', 'value']);
    const listed = await t.request({ url: '/api/Bussiness/bussinesses?pageSize=5', headers });
    expect(listed.statusCode === 403 || (listed.json() as { pageLists: unknown[] }).pageLists.length === 0).toBe(true);

    const group = await sql<{ id: string }>`select id from target_training where code = 'NHOM-4'`.execute(
      t.database.db,
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/Training/add',
      headers,
      payload: {
        code: 'HL-CDX-2026-TB',
        name: 'Huấn luyện nhóm 4 cho Cà phê Cầu Đất Xanh',
        businessId: coffee.value,
        targetTrainingId: group.rows[0]!.id,
        startDate: '2026-04-06',
        endDate: '2026-04-07',
        hours: 16,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json() as { id: string; businessId: string; trainerUnitId: string };
    expect(course).toMatchObject({ businessId: coffee.value, trainerUnitId: trainingBodyUnit });

    // The course's drop-down of workers offers the employer's workers, and only theirs.
    const offered = await t.request({
      url: `/api/Training/get-combobox-worker-not-training?trainingId=${course.id}&take=500`,
      headers,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const workers = offered.json() as { value: string; code: string | null; businessId: string }[];
    expect(workers.length).toBeGreaterThan(3);
    expect(workers.every((w) => w.businessId === coffee.value)).toBe(true);

    // Enrolled from a results sheet by citizen ID; another employer's worker is refused on its row.
    const other = await sql<{
      citizen_id: string;
    }>`select w.citizen_id from worker w join business b on b.id = w.business_id
      where b.code = '5807654320' and w.citizen_id is not null and w.deleted_at is null limit 1`.execute(t.database.db);
    const imported = await t.request({
      method: 'POST',
      url: `/api/Training/import-training-worker-from-json?trainingId=${course.id}`,
      headers,
      payload: [
        ...workers
          .filter((w) => w.code)
          .slice(0, 2)
          .map((w) => ({ citizenId: w.code, result: 'Đạt' })),
        { citizenId: other.rows[0]!.citizen_id, result: 'Đạt' },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json() as { data: { isSuccess: boolean }[] }).data.map((r) => r.isSuccess)).toEqual([
      true,
      true,
      false,
    ]);
    const participants = await t.request({
      url: `/api/Training/list-training-worker?trainingId=${course.id}`,
      headers,
    });
    expect((participants.json() as { totalRecord: number }).totalRecord).toBe(2);

    // Another body's course is not found, so its workers are not offered either.
    const foreign = await sql<{
      id: string;
    }>`select id from training where trainer_unit_id is distinct from ${trainingBodyUnit}::uuid
      and business_id is not null and deleted_at is null limit 1`.execute(t.database.db);
    if (foreign.rows[0]) {
      const refused = await t.request({
        url: `/api/Training/get-combobox-worker-not-training?trainingId=${foreign.rows[0].id}`,
        headers,
      });
      expect(refused.statusCode).toBe(404);
    }
  });
});
