import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { signIn } from './support/accounts.ts';

/**
 * A course's results entered on its page (Training/update-training-worker-results), checked as the import checks a
 * file, and the import's template: the training body enrols two of the employer's workers, then saves their results
 * in one request.
 */
let t: TestApp;
let courseId: string;
/** Two participants, then a worker of the same employer who is not in the course. */
let workers: { value: string; code: string | null }[];

const as = async (userName: string) => (await signIn(t, { userName, password: DEMO_PASSWORD })).headers;
const save = async (userName: string, rows: Record<string, unknown>[], lang = 'vi') =>
  t.request({
    method: 'POST',
    url: '/api/Training/update-training-worker-results',
    headers: { ...(await as(userName)), 'accept-language': lang },
    payload: { trainingId: courseId, rows },
  });
type Participant = { workerId: string; result: string | null; certificateNumber: string | null; note: string | null };
async function participants(): Promise<Participant[]> {
  const res = await t.request({
    url: `/api/Training/list-training-worker?trainingId=${courseId}&pageSize=100`,
    headers: await as('huanluyen'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { pageLists: Participant[] }).pageLists;
}

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  const headers = await as('huanluyen');
  const business = await sql<{ id: string }>`select id from business where code = '5801234577'`.execute(t.database.db);
  const group = await sql<{ id: string }>`select id from target_training where code = 'NHOM-4'`.execute(t.database.db);
  const created = await t.request({
    method: 'POST',
    url: '/api/Training/add',
    headers,
    payload: {
      code: 'HL-KQ-2026-01',
      name: 'Huấn luyện nhóm 4: nhập kết quả trên màn hình',
      businessId: business.rows[0]!.id,
      targetTrainingId: group.rows[0]!.id,
      startDate: '2026-04-06',
      endDate: '2026-04-07',
      hours: 16,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  courseId = (created.json() as { id: string }).id;
  const offered = await t.request({
    url: `/api/Training/get-combobox-worker-not-training?trainingId=${courseId}&take=10`,
    headers,
  });
  workers = (offered.json() as { value: string; code: string | null }[]).slice(0, 3);
  expect(workers).toHaveLength(3);
  const added = await t.request({
    method: 'POST',
    url: '/api/Training/add-training-worker',
    headers,
    payload: { trainingId: courseId, workerIds: [workers[0]!.value, workers[1]!.value] },
  });
  expect(added.statusCode, added.body).toBe(200);
}, 600_000);
afterAll(async () => t?.close());

describe('training results entered on screen', () => {
  it('saves every participant’s result and certificate in one request', async () => {
    const res = await save('huanluyen', [
      {
        workerId: workers[0]!.value,
        result: 'passed',
        certificateNumber: 'GCN-2026-001',
        certificateDate: '2026-04-08',
        note: 'Điểm kiểm tra: 8,5',
      },
      { workerId: workers[1]!.value, result: 'failed', certificateNumber: null, certificateDate: null, note: null },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const byWorker = new Map((await participants()).map((p) => [p.workerId, p]));
    expect(byWorker.size).toBe(2);
    expect(byWorker.get(workers[0]!.value)).toMatchObject({
      result: 'passed',
      certificateNumber: 'GCN-2026-001',
      note: 'Điểm kiểm tra: 8,5',
    });
    expect(byWorker.get(workers[1]!.value)).toMatchObject({ result: 'failed', certificateNumber: null });
  });

  it('refuses an invalid result or date beside its cell, in the caller’s language, and stores nothing', async () => {
    const res = await save('huanluyen', [
      { workerId: workers[0]!.value, result: 'excellent' },
      { workerId: workers[1]!.value, result: 'passed', certificateDate: '31/02/2026' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json() as { error: { code: string; details: { field: string; message: string }[] } };
    expect(error.code).toBe('VALIDATION');
    expect(error.details.map((d) => d.field).sort()).toEqual(['rows.0.result', 'rows.1.certificateDate']);
    // The import's message: the values it takes, in the caller's language.
    expect(error.details.find((d) => d.field === 'rows.0.result')!.message).toContain('Đạt');
    const english = await save('huanluyen', [{ workerId: workers[0]!.value, result: 'excellent' }], 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json().error.details[0].message).toContain('Passed');
    // All or nothing: the second row's valid result was not stored either.
    const second = (await participants()).find((p) => p.workerId === workers[1]!.value)!;
    expect(second.result).toBe('failed');
  });

  it('refuses a worker who is not in the course, and another employer’s worker', async () => {
    const other = await sql<{ id: string }>`select w.id from worker w join business b on b.id = w.business_id
      where b.code = '5807654320' and w.deleted_at is null limit 1`.execute(t.database.db);
    const res = await save('huanluyen', [
      { workerId: workers[0]!.value, result: 'passed' },
      { workerId: workers[2]!.value, result: 'passed' },
      { workerId: other.rows[0]!.id, result: 'passed' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    const details = (res.json() as { error: { details: { field: string; message: string }[] } }).error.details;
    expect(details.map((d) => d.field)).toEqual(['rows.1.workerId', 'rows.2.workerId']);
    expect(details[0]!.message).toBe('Người lao động này không có trong danh sách tham gia khóa huấn luyện');
    // Nobody was enrolled by it.
    expect((await participants()).map((p) => p.workerId).sort()).toEqual([workers[0]!.value, workers[1]!.value].sort());
  });

  it('is refused to a role that does not run courses', async () => {
    for (const userName of ['thanhtra', 'ttdvvl']) {
      const res = await save(userName, [{ workerId: workers[0]!.value, result: 'absent' }]);
      expect(res.statusCode, `${userName}: ${res.body}`).toBe(403);
    }
    expect((await participants()).find((p) => p.workerId === workers[0]!.value)!.result).toBe('passed');
  });
});

describe('results import template', () => {
  it('is an xlsx whose headers are the ones the import page reads', async () => {
    const res = await t.request({
      url: '/api/Training/generate-template-training-worker',
      headers: await as('huanluyen'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(['Số CCCD/Hộ chiếu *', 'Kết quả', 'Số giấy chứng nhận', 'Ngày cấp', 'Ghi chú']);
    // The result column offers the results by their labels.
    const lists = wb.worksheets.find((w) => w.state === 'hidden')!;
    expect((lists.getColumn(1).values as unknown[]).slice(2).filter((v) => v != null)).toEqual([
      'Đạt',
      'Không đạt',
      'Vắng mặt',
    ]);
  });
});
