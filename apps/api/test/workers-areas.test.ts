import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogTestApp, type CatalogTestApp, type Who } from './catalog.fixtures.ts';

/**
 * The workers' other areas, where they need more than the catalogue contract: course participants, the worker
 * reports' files, occupational disease cases tied to the employer's own workers.
 */

let t: CatalogTestApp;
const workers: Record<string, string> = {};
beforeAll(async () => {
  t = await createCatalogTestApp();
  const make = async (who: Who, key: string, body: Record<string, unknown>) => {
    const res = await post(who, '/api/Worker/workers', { birthDate: '1990-01-01', sex: 'male', ...body });
    expect(res.statusCode, res.body).toBe(201);
    workers[key] = res.json().id as string;
  };
  await make('employerA', 'an', { fullName: 'Trần Văn An', citizenId: '068090100001' });
  await make('employerA', 'binh', { fullName: 'Lê Thị Bình', citizenId: '068190100002', sex: 'female' });
  await make('employerA', 'cuong', { fullName: 'Phạm Văn Cường', citizenId: '068090100003' });
  await make('employerB', 'dung', { fullName: 'Võ Văn Dũng', citizenId: '068090100004' });
});
afterAll(async () => t?.close());

const as = (who: Who) => ({ 'x-test-as': who });
const post = (who: Who, url: string, payload: unknown, query: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, query, headers: as(who), payload: payload as object });
const get = (who: Who, url: string, query: Record<string, string> = {}) => t.request({ url, query, headers: as(who) });

describe('training course participants', () => {
  it('adds only the employer’s own workers, once each; imports results by citizen ID; stays private', async () => {
    const targets = await get('employerA', '/api/TargetTraining/combobox');
    let target = targets.json()[0]?.value as string | undefined;
    if (!target) {
      const made = await t.request({
        method: 'POST',
        url: '/api/TargetTraining/targetTrainings',
        headers: as('department'),
        payload: { code: 'NHOM3', name: 'Nhóm 3: người lao động làm công việc có yêu cầu nghiêm ngặt' },
      });
      target = made.json().id as string;
    }
    const course = await post('employerA', '/api/Training/add', {
      code: 'HL-2025-01',
      name: 'Huấn luyện an toàn nhóm 3 năm 2025',
      targetTrainingId: target,
      startDate: '2025-03-10',
      endDate: '2025-03-12',
      hours: 24,
    });
    expect(course.statusCode, course.body).toBe(201);
    const trainingId = course.json().id as string;
    expect(
      (
        await post('employerA', '/api/Training/add', {
          code: 'HL-X',
          name: 'Sai ngày',
          targetTrainingId: target,
          startDate: '2025-03-10',
          endDate: '2025-03-01',
        })
      ).statusCode,
    ).toBe(400);

    const added = await post('employerA', '/api/Training/add-training-worker', {
      trainingId,
      workerIds: [workers.an, workers.binh],
    });
    expect(added.json()).toEqual({ added: 2 });
    expect(
      (await post('employerA', '/api/Training/add-training-worker', { trainingId, workerId: workers.an })).json(),
    ).toEqual({ added: 0 });
    const foreign = await post('department', '/api/Training/add-training-worker', {
      trainingId,
      workerIds: [workers.dung],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details[0].field).toBe('workerIds');

    const options = await get('employerA', '/api/Training/get-combobox-worker-not-training', { trainingId });
    expect(options.json().map((o: { value: string }) => o.value)).toEqual([workers.cuong]);

    const imported = await post(
      'employerA',
      '/api/Training/import-training-worker-from-json',
      [
        { citizenId: '068090100001', result: 'Đạt', certificateNumber: 'GCN-001', certificateDate: '15/03/2025' },
        { citizenId: 68090100003, result: 'passed' },
        { citizenId: '068090100004', result: 'Đạt' },
        { citizenId: '068090100001', result: 'Không đạt' },
        { citizenId: '068190100002', result: 'Giỏi' },
      ],
      { trainingId, dryRun: 'true' },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const verdicts = imported.json().data as {
      isSuccess: boolean;
      action: string | null;
      errors: { field: string; code?: string }[];
    }[];
    expect(verdicts.map((r) => [r.isSuccess, r.action])).toEqual([
      [true, 'update'],
      [true, 'create'],
      [false, null],
      [false, null],
      [false, null],
    ]);
    expect(verdicts[2]!.errors[0]).toMatchObject({ field: 'citizenId', code: 'reference' });
    expect(verdicts[3]!.errors[0]).toMatchObject({ field: 'citizenId', code: 'duplicate' });
    expect(verdicts[4]!.errors[0]!.field).toBe('result');
    const stored = await post(
      'employerA',
      '/api/Training/import-training-worker-from-json',
      [
        { citizenId: '068090100001', result: 'Đạt', certificateNumber: 'GCN-001', certificateDate: '15/03/2025' },
        { citizenId: 68090100003, result: 'passed' },
      ],
      { trainingId },
    );
    expect(stored.json().data.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);

    const list = await get('employerA', '/api/Training/list-training-worker', { trainingId });
    expect(list.json().totalRecord).toBe(3);
    const an = list.json().pageLists.find((p: { workerId: string }) => p.workerId === workers.an);
    expect(an).toMatchObject({
      result: 'passed',
      certificateNumber: 'GCN-001',
      certificateDate: '2025-03-15',
      citizenId: '068090100001',
    });
    expect(
      (await get('employerA', '/api/Training/list-training-worker', { id: trainingId, keyWord: 'pham van' })).json()
        .totalRecord,
    ).toBe(1);

    expect((await get('employerB', '/api/Training/list-training-worker', { trainingId })).statusCode).toBe(404);
    expect((await post('employerB', '/api/Training/delete-training-worker', [an.id])).statusCode).toBe(404);
    expect((await get('districtA', '/api/Training/list-training-worker', { trainingId })).json().totalRecord).toBe(3);
    expect((await post('employerA', '/api/Training/delete-training-worker', [an.id])).json()).toEqual({ deleted: 1 });
    expect((await get('employerA', '/api/Training/list-training-worker', { trainingId })).json().totalRecord).toBe(2);
    expect((await get('employerA', '/api/Training/list-training-worker', {})).statusCode).toBe(400);
  });
});

describe('worker reports', () => {
  const pdf = () => {
    const boundary = '----portal-test';
    const content = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="formFile"; filename="Báo cáo 6 tháng.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const upload = async (who: Who) => {
    const { payload, headers } = pdf();
    return t.request({
      method: 'POST',
      url: '/api/CollectWorker/file-collect-worker-report',
      headers: { ...as(who), ...headers },
      payload,
    });
  };

  it('keeps the report file private to those who may read the report', async () => {
    const file = await upload('employerA');
    expect(file.statusCode, file.body).toBe(201);
    expect(file.json().fileName).toBe('Báo cáo 6 tháng.pdf');
    const report = {
      code: 'BC-2025-06',
      title: 'Báo cáo tình hình sử dụng lao động 6 tháng đầu năm 2025',
      year: 2025,
      period: 'firstHalf',
      totalWorkers: 120,
      femaleWorkers: 70,
      submittedDate: '2025-06-03',
      fileId: file.json().id,
    };
    const created = await post('employerA', '/api/CollectWorker/collectWorkers', report);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ fileName: 'Báo cáo 6 tháng.pdf', businessId: t.businessA });

    const mine = await get('employerA', '/api/CollectWorker/file-collect-worker-report', { id: created.json().id });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.body.startsWith('%PDF')).toBe(true);
    expect(
      (await get('department', '/api/CollectWorker/file-collect-worker-report', { id: created.json().id })).statusCode,
    ).toBe(200);
    expect(
      (await get('employerB', '/api/CollectWorker/file-collect-worker-report', { id: created.json().id })).statusCode,
    ).toBe(404);
    // Nor can B make it readable by attaching its id to a report of its own.
    const stolen = await post('employerB', '/api/CollectWorker/collectWorkers', { ...report, fileId: file.json().id });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.details[0].field).toBe('fileId');
    // Secure: never served by the public file route.
    expect((await t.request({ url: `/api/Files/${file.json().id}` })).statusCode).toBe(404);

    const figures = await post('employerA', '/api/CollectWorker/collectWorkers', {
      ...report,
      code: 'BC-2',
      fileId: null,
      femaleWorkers: 130,
    });
    expect(figures.json().error.details[0].field).toBe('femaleWorkers');
    const text = await t.request({
      method: 'POST',
      url: '/api/CollectWorker/file-collect-worker-report',
      headers: { ...as('employerA'), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="formFile"; filename="a.exe"\r\n\r\nMZ\x90\r\n--x--\r\n',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('occupational disease cases', () => {
  it('belong to the worker’s own employer', async () => {
    const types = await get('employerA', '/api/OccupationalDiseaseType/combobox');
    let type = types.json()[0]?.value as string | undefined;
    if (!type) {
      const made = await post('department', '/api/OccupationalDiseaseType/occupationalDiseaseTypes', {
        code: 'B01',
        name: 'Bệnh bụi phổi silic nghề nghiệp',
        group: 'dust',
      });
      type = made.json().id as string;
    }
    const base = {
      diseaseTypeId: type,
      diagnosis: 'Bụi phổi silic giai đoạn 1',
      diagnosisDate: '2024-10-01',
      status: 'stable',
      disabilityRate: 31,
    };
    const mine = await post('employerA', '/api/OccupationalDisease/occupationalDiseases', {
      ...base,
      code: 'BNN-1',
      workerId: workers.an,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const other = await post('employerA', '/api/OccupationalDisease/occupationalDiseases', {
      ...base,
      code: 'BNN-2',
      workerId: workers.dung,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.details[0].field).toBe('workerId');
    const byDepartment = await post('department', '/api/OccupationalDisease/occupationalDiseases', {
      ...base,
      code: 'BNN-3',
      businessId: t.businessB,
      workerId: workers.dung,
    });
    expect(byDepartment.statusCode, byDepartment.body).toBe(201);
    const mismatch = await post('department', '/api/OccupationalDisease/occupationalDiseases', {
      ...base,
      code: 'BNN-4',
      businessId: t.businessB,
      workerId: workers.an,
    });
    expect(mismatch.statusCode).toBe(400);
    const future = await post('employerA', '/api/OccupationalDisease/occupationalDiseases', {
      ...base,
      code: 'BNN-5',
      workerId: workers.an,
      diagnosisDate: '2999-01-01',
    });
    expect(future.json().error.details[0].field).toBe('diagnosisDate');
    // A worker with a disease case is not deleted from under it.
    expect((await post('employerA', '/api/Worker/delete-worker', [workers.an])).statusCode).toBe(409);
    expect(
      (await get('employerB', '/api/OccupationalDisease/occupationalDiseases'))
        .json()
        .pageLists.map((r: { code: string }) => r.code),
    ).toEqual(['BNN-3']);
  });
});
