import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@portal/domain/i18n';
import { createCatalogTestApp, type CatalogTestApp, type Who } from './catalog.fixtures.ts';

/** A worker's progress records and overtime, and the worker drop-downs: scoped through the worker. */

let t: CatalogTestApp;
let workerA: string;
let workerB: string;
let foreignA: string;
beforeAll(async () => {
  t = await createCatalogTestApp();
  const make = async (who: Who, body: Record<string, unknown>) => {
    const res = await t.request({ method: 'POST', url: '/api/Worker/workers', headers: as(who), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  workerA = await make('employerA', {
    fullName: 'Nguyễn Thị Ánh',
    citizenId: '068190000001',
    birthDate: '1990-01-01',
    sex: 'female',
    startDate: '2020-01-01',
  });
  workerB = await make('employerB', {
    fullName: 'Nguyễn Văn Bình',
    citizenId: '068090000002',
    birthDate: '1990-01-01',
    sex: 'male',
  });
  foreignA = await make('employerA', {
    fullName: 'Kim Min Jun',
    passportNumber: 'M12345678',
    birthDate: '1985-01-01',
    sex: 'male',
    nationality: 'KR',
  });
});
afterAll(async () => t?.close());

const as = (who: Who) => ({ 'x-test-as': who });
const post = (who: Who, url: string, payload: unknown) =>
  t.request({ method: 'POST', url, headers: as(who), payload: payload as object });
const get = (who: Who, url: string, query: Record<string, string>) => t.request({ url, query, headers: as(who) });

describe('progress records', () => {
  it('adds, lists and deletes a worker’s progress; another employer sees none of it', async () => {
    const first = await post('employerA', '/api/Worker/add-worker-progress', {
      workerId: workerA,
      fromDate: '2015-03-01',
      toDate: '2019-12-31',
      workplace: 'Công ty Chè Cầu Đất',
      position: 'Công nhân hái chè',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await post('department', '/api/Worker/add-worker-progress', {
      workerId: workerA,
      fromDate: '2020-01-01',
      workplace: 'Công ty TNHH Thử nghiệm A',
    });
    expect(second.statusCode, second.body).toBe(201);

    const listed = await get('employerA', '/api/Worker/list-worker-progress', { workerId: workerA });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().totalRecord).toBe(2);
    expect(listed.json().pageLists.map((r: { fromDate: string }) => r.fromDate)).toEqual(['2020-01-01', '2015-03-01']);

    expect((await get('employerB', '/api/Worker/list-worker-progress', { workerId: workerA })).statusCode).toBe(404);
    expect(
      (await post('employerB', '/api/Worker/add-worker-progress', { workerId: workerA, fromDate: '2021-01-01' }))
        .statusCode,
    ).toBe(404);
    expect((await post('employerB', '/api/Worker/delete-worker-progress', [first.json().id])).statusCode).toBe(404);
    expect((await get('districtB', '/api/Worker/list-worker-progress', { workerId: workerA })).statusCode).toBe(404);
    expect((await get('districtA', '/api/Worker/list-worker-progress', { workerId: workerA })).json().totalRecord).toBe(
      2,
    );

    const del = await post('employerA', '/api/Worker/delete-worker-progress', { ids: [first.json().id] });
    expect(del.json()).toEqual({ deleted: 1 });
    expect((await get('employerA', '/api/Worker/list-worker-progress', { workerId: workerA })).json().totalRecord).toBe(
      1,
    );
  });

  it('refuses bad input with field errors', async () => {
    const missing = await post('employerA', '/api/Worker/add-worker-progress', { workerId: workerA });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([
      expect.objectContaining({ field: 'fromDate', message: translate('vi', 'catalog:validation.required') }),
    ]);
    const backwards = await post('employerA', '/api/Worker/add-worker-progress', {
      workerId: workerA,
      fromDate: '2020-01-01',
      toDate: '2019-01-01',
    });
    expect(backwards.json().error.details[0].field).toBe('toDate');
    expect(
      (await post('employerA', '/api/Worker/add-worker-progress', { workerId: 'x', fromDate: '2020-01-01' }))
        .statusCode,
    ).toBe(400);
    expect((await post('employerA', '/api/Worker/add-worker-progress', [1, 2])).statusCode).toBe(400);
    expect((await get('employerA', '/api/Worker/list-worker-progress', {})).statusCode).toBe(400);
    expect((await post('employerA', '/api/Worker/delete-worker-progress', [])).statusCode).toBe(400);
    expect(
      (await post('reader', '/api/Worker/add-worker-progress', { workerId: workerA, fromDate: '2020-01-01' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('overtime', () => {
  it('records overtime per day within the legal caps of a month and a year', async () => {
    const add = (workDate: string, hours: number, who: Who = 'employerA') =>
      post(who, '/api/Worker/add-worker-over-time', { workerId: workerA, workDate, hours, reason: 'Thu hoạch cà phê' });
    for (const [day, hours] of [
      ['2024-11-02', 12],
      ['2024-11-09', 12],
      ['2024-11-16', 12],
    ] as const)
      expect((await add(day, hours)).statusCode).toBe(201);
    const overMonth = await add('2024-11-23', 4.5);
    expect(overMonth.statusCode).toBe(400);
    expect(overMonth.json().error.details[0]).toMatchObject({ field: 'hours', code: 'perMonth' });
    expect((await add('2024-11-23', 4)).statusCode).toBe(201);
    const twice = await add('2024-11-23', 1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.details[0].field).toBe('workDate');
    expect((await add('2019-06-01', 2)).json().error.details[0].code).toBe('range');
    expect((await add('2024-12-01', 13)).statusCode).toBe(400);
    expect((await add('2024-12-01', 2, 'employerB')).statusCode).toBe(404);

    const listed = await get('employerA', '/api/Worker/list-worker-over-time', { workerId: workerA, year: '2024' });
    expect(listed.json()).toMatchObject({ totalRecord: 4, totalHours: 40 });
    expect(listed.json().pageLists[0]).toMatchObject({ workDate: '2024-11-23', hours: 4 });
    const del = await post('department', '/api/Worker/delete-worker-over-time', [listed.json().pageLists[0].id]);
    expect(del.json()).toEqual({ deleted: 1 });
  });

  it('caps the year', async () => {
    // 300 hours in a year: 25 rest days of 12 hours, spread so no month goes over 40.
    const days: string[] = [];
    for (let m = 1; m <= 12; m++)
      for (const d of ['05', '12', '19']) days.push(`2023-${String(m).padStart(2, '0')}-${d}`);
    let total = 0;
    for (const day of days) {
      const hours = Math.min(12, 300 - total);
      if (hours <= 0) break;
      const res = await post('employerA', '/api/Worker/add-worker-over-time', {
        workerId: workerA,
        workDate: day,
        hours,
      });
      expect(res.statusCode, res.body).toBe(201);
      total += hours;
    }
    const over = await post('employerA', '/api/Worker/add-worker-over-time', {
      workerId: workerA,
      workDate: '2023-12-28',
      hours: 1,
    });
    expect(over.json().error.details.map((d: { code: string }) => d.code)).toContain('perYear');
  });
});

describe('drop-downs', () => {
  it('offers workers in scope, of one employer with bussinessId, and the foreign ones not yet registered', async () => {
    const values = async (who: Who, url: string, query: Record<string, string> = {}) =>
      ((await get(who, url, query)).json() as { value: string }[]).map((o) => o.value).sort();
    expect(await values('employerA', '/api/Worker/get-combobox-worker')).toEqual([workerA, foreignA].sort());
    expect(await values('employerB', '/api/Worker/get-combobox-worker')).toEqual([workerB]);
    expect(await values('department', '/api/Worker/get-combobox-worker', { bussinessId: t.businessB })).toEqual([
      workerB,
    ]);
    expect(
      await values('department', '/api/Worker/get-combobox-worker', { keyWord: 'nguyen', bussinessId: t.businessA }),
    ).toEqual([workerA]);
    expect(await values('department', '/api/Worker/get-combobox-worker', { keyWord: '068090' })).toEqual([workerB]);
    // Selected ids come back, but never another employer's.
    expect(
      await values('employerA', '/api/Worker/get-combobox-worker', {
        keyWord: 'khong co',
        ids: JSON.stringify([workerA, workerB]),
      }),
    ).toEqual([workerA]);
    expect(await values('employerA', '/api/Worker/get-combobox-worker-not-register')).toEqual([foreignA]);
    const options = (await get('employerA', '/api/Worker/get-combobox-worker', {})).json() as { value: string }[];
    expect(options.find((o) => o.value === workerA)).toMatchObject({
      label: expect.any(String),
      code: expect.stringMatching(/^\d{12}$/),
      businessId: t.businessA,
    });
    // A foreign worker with a passport only has no citizen ID: the option says so rather than failing the list.
    expect(options.find((o) => o.value === foreignA)).toMatchObject({ label: 'Kim Min Jun', code: null });
    const forms = await get('employerA', '/api/Worker/get-combobox-working-form', {});
    expect(forms.json()).toContainEqual({ value: 'partTime', label: 'Bán thời gian' });
    expect((await t.request({ url: '/api/Worker/get-combobox-worker' })).statusCode).toBe(401);
    expect((await get('employerA', '/api/Worker/get-combobox-worker', { bussinessId: 'abc' })).statusCode).toBe(400);
  });
});
