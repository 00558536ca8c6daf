import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@portal/domain/i18n';
import { clock } from '../src/platform/clock/index.ts';
import { adminUser, scopeFixture, signIn, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller } from './support/calls.ts';

/**
 * Compensation in kind and OSH costs through the API: every spec call of CompensationInKind at its exact spelling
 * (import with a dry run and a refused row included), the value derived on the server from the level's row in force
 * on 1 January of the record's year (a later amount values later years only), each side's scope (two employers,
 * two communes), one OSH cost per employer, year and item, and bad input always a 4xx.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let call: ReturnType<typeof caller>;
let admin: Session;
const level: Record<string, string> = {};
const thisYear = Number(clock.today().slice(0, 4));

const PERMISSIONS = [
  ...['read', 'create', 'update', 'delete', 'import', 'export'].flatMap((a) => [
    `CompensationInKind.${a}`,
    `SafetyCost.${a}`,
  ]),
  'CompensationLevel.read',
];
const C = '/api/CompensationInKind';
const S = '/api/SafetyCost';

let serial = 0;
const compensation = (body: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    code: `BDHV-T${serial}`,
    year: thisYear,
    job: `Phun thuốc bảo vệ thực vật, tổ ${serial}`,
    hazard: 'Hóa chất bảo vệ thực vật',
    levelId: level['BDHV-M3-2022'],
    workerCount: 8,
    shiftsPerWorker: 120,
    item: 'Sữa tiệt trùng, đường',
    form: 'inKind',
    ...body,
  };
};

async function created(as: Session, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await call(as, 'POST', `${C}/create`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A 4xx with the one error shape, never a 5xx. */
function refused(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  return (res.json() as { error: { code: string; details: { field?: string; message: string }[] } }).error;
}

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  f = await scopeFixture(t, PERMISSIONS);
  admin = await signIn(t, await adminUser(t));
  const rows = await sql<{ code: string; id: string }>`select code, id from compensation_level`.execute(t.database.db);
  for (const r of rows.rows) level[r.code] = r.id;
});

afterAll(async () => {
  await t?.close();
});

describe('the reference levels', () => {
  it('are seeded as data, unverified, from Circular 24/2022 (1 December 2022)', async () => {
    const res = await call(admin, 'GET', '/api/CompensationLevel/compensationLevels', undefined, {
      pageSize: '50',
      sortField: 'code',
      sortOrder: 'ascend',
    });
    expect(res.statusCode, res.body).toBe(200);
    const seeded = (res.json().pageLists as Record<string, unknown>[]).filter((r) => String(r.code).endsWith('-2022'));
    expect(seeded.map((r) => [r.level, r.amountPerShift, r.verified, r.validFrom, r.legalBasis])).toEqual([
      [1, 13_000, false, '2022-12-01', 'Thông tư 24/2022/TT-BLĐTBXH'],
      [2, 20_000, false, '2022-12-01', 'Thông tư 24/2022/TT-BLĐTBXH'],
      [3, 26_000, false, '2022-12-01', 'Thông tư 24/2022/TT-BLĐTBXH'],
      [4, 32_000, false, '2022-12-01', 'Thông tư 24/2022/TT-BLĐTBXH'],
    ]);
  });

  it('refuses a validity that ends before it starts', async () => {
    const res = await call(admin, 'POST', '/api/CompensationLevel/compensationLevels', {
      code: 'BDHV-SAI',
      name: 'Mức sai',
      level: 1,
      amountPerShift: 10_000,
      legalBasis: 'Thử nghiệm',
      validFrom: '2025-01-01',
      validTo: '2024-12-31',
    });
    const error = refused(res, 400);
    expect(error.details[0]).toMatchObject({
      field: 'validTo',
      message: translate('vi', 'catalog:areas.compensationLevel.errors.validToBeforeFrom'),
    });
  });
});

describe('CompensationInKind at the spec’s spellings', () => {
  it('create, get-by-id, get-paging, update and delete', async () => {
    // The employer named in the body is ignored: an employer user files its own.
    const record = await created(f.employerA, compensation({ businessId: f.businessB.id }));
    expect(record).toMatchObject({ businessId: f.businessA.id, amountPerShift: 26_000, totalAmount: 8 * 120 * 26_000 });

    const detail = await call(f.employerA, 'GET', `${C}/get-by-id/${String(record.id)}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ code: record.code, levelName: 'Mức 3 (Thông tư 24/2022/TT-BLĐTBXH)' });

    const page = await call(f.employerA, 'GET', `${C}/get-paging`, undefined, {
      pageNumber: '1',
      pageSize: '10',
      keyWord: String(record.code),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ totalRecord: 1, pageLists: [{ id: record.id, totalAmount: 24_960_000 }] });

    // The total follows the workers and shifts; a value sent for it is ignored.
    const updated = await call(f.employerA, 'PUT', `${C}/update`, {
      ...compensation({ code: record.code, job: record.job }),
      id: record.id,
      workerCount: 10,
      totalAmount: 1,
      updatedAt: record.updatedAt,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ workerCount: 10, totalAmount: 10 * 120 * 26_000 });

    const deleted = await call(f.employerA, 'POST', `${C}/delete`, [record.id]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect((await call(f.employerA, 'GET', `${C}/get-by-id/${String(record.id)}`)).statusCode).toBe(404);
  });

  it('import-from-json: a dry run stores nothing; a refused row says why in Vietnamese; a second send updates', async () => {
    const rows = [
      { ...compensation({ code: 'BDHV-NHAP-1' }), levelId: 'BDHV-M2-2022', form: 'Bằng hiện vật' },
      // Circular 24/2022 came into force on 1 December 2022: no level is in force on 1 January 2022.
      { ...compensation({ code: 'BDHV-NHAP-2', year: 2022 }), levelId: 'BDHV-M2-2022' },
    ];
    const count = async () =>
      (await call(f.employerA, 'GET', `${C}/get-paging`, undefined, { keyWord: 'BDHV-NHAP' })).json().totalRecord;
    const dry = await call(f.employerA, 'POST', `${C}/import-from-json?dryRun=true`, rows);
    expect(dry.statusCode, dry.body).toBe(200);
    const [good, bad] = dry.json().data as { isSuccess: boolean; errors: { field: string; message: string }[] }[];
    expect(good!.isSuccess).toBe(true);
    expect(bad!.isSuccess).toBe(false);
    expect(bad!.errors).toEqual([
      expect.objectContaining({
        field: 'levelId',
        message: translate('vi', 'catalog:areas.compensationInKind.errors.noLevelInForce', { level: 2, year: 2022 }),
      }),
    ]);
    expect(bad!.errors[0]!.message).toContain('Không có mức bồi dưỡng 2 nào có hiệu lực ngày 01/01/2022');
    expect(await count()).toBe(0);

    const stored = await call(f.employerA, 'POST', `${C}/import-from-json`, rows);
    expect(stored.json().data.map((r: { action: string | null }) => r.action)).toEqual(['create', null]);
    const again = await call(f.employerA, 'POST', `${C}/import-from-json`, rows);
    expect(again.json().data.map((r: { action: string | null }) => r.action)).toEqual(['update', null]);
    const page = await call(f.employerA, 'GET', `${C}/get-paging`, undefined, { keyWord: 'BDHV-NHAP' });
    expect(page.json()).toMatchObject({
      totalRecord: 1,
      pageLists: [{ businessId: f.businessA.id, amountPerShift: 20_000, totalAmount: 8 * 120 * 20_000 }],
    });
  });

  it('serves the template and the export at the engine’s default spellings', async () => {
    for (const path of ['generateTemplate', 'export-excel']) {
      const res = await call(f.employerA, 'GET', `${C}/${path}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
    }
  });
});

describe('the value, from the level in force on 1 January of the year', () => {
  it('a later amount values later years; an old year’s record keeps its amount when saved again', async () => {
    const old = await created(f.employerA, compensation({ levelId: level['BDHV-M1-2022'] }));
    expect(old).toMatchObject({ amountPerShift: 13_000, totalAmount: 8 * 120 * 13_000 });

    // The department adds the next amount of level 1, in force from next year.
    const next = await call(admin, 'POST', '/api/CompensationLevel/compensationLevels', {
      code: 'BDHV-M1-MOI',
      name: 'Mức 1 (mức mới)',
      level: 1,
      amountPerShift: 15_000,
      legalBasis: 'Văn bản thử nghiệm',
      validFrom: `${thisYear + 1}-01-01`,
      verified: false,
    });
    expect(next.statusCode, next.body).toBe(201);

    const again = await call(f.employerA, 'PUT', `${C}/update?id=${String(old.id)}`, {
      ...compensation({ code: old.code, job: old.job, levelId: level['BDHV-M1-2022'] }),
      note: 'Lưu lại sau khi có mức mới',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ amountPerShift: 13_000, totalAmount: 8 * 120 * 13_000 });

    // Next year's plan names the same level: the new amount applies, whichever row of the level it names.
    for (const levelId of [level['BDHV-M1-2022'], next.json().id]) {
      const plan = await created(f.employerA, compensation({ year: thisYear + 1, levelId }));
      expect(plan).toMatchObject({ amountPerShift: 15_000, totalAmount: 8 * 120 * 15_000 });
    }
  });

  it('refuses a year out of range and a year no level is in force for, on the fields concerned', async () => {
    const later = refused(await call(f.employerA, 'POST', `${C}/create`, compensation({ year: thisYear + 2 })), 400);
    expect(later.details).toEqual([
      expect.objectContaining({
        field: 'year',
        message: translate('vi', 'catalog:areas.compensationInKind.errors.yearOutOfRange', {
          min: 2000,
          max: thisYear + 1,
        }),
      }),
    ]);
    expect(
      refused(await call(f.employerA, 'POST', `${C}/create`, compensation({ year: 1999 })), 400).details[0],
    ).toMatchObject({
      field: 'year',
    });
    const before = refused(await call(f.employerA, 'POST', `${C}/create`, compensation({ year: 2020 })), 400);
    expect(before.details[0]).toMatchObject({ field: 'levelId' });
    expect(before.details[0]!.message).toContain('01/01/2020');
  });
});

describe('scope', () => {
  it('keeps employers to their own records and communes to their employers’; the department names the employer', async () => {
    const a = await created(f.employerA, compensation());
    const id = String(a.id);
    expect((await call(f.employerB, 'GET', `${C}/get-by-id/${id}`)).statusCode).toBe(404);
    const takeOver = await call(f.employerB, 'PUT', `${C}/update`, { ...compensation(), id, workerCount: 1 });
    expect(takeOver.statusCode).toBe(404);
    expect((await call(f.employerB, 'POST', `${C}/delete`, { ids: [id] })).statusCode).toBe(404);
    const seen = async (as: Session) =>
      (await call(as, 'GET', `${C}/get-paging`, undefined, { keyWord: String(a.code) })).json().totalRecord;
    expect(await seen(f.employerB)).toBe(0);
    expect(await seen(f.districtA)).toBe(1);
    expect(await seen(f.districtB)).toBe(0);
    expect(await seen(f.department)).toBe(1);
    expect((await call(f.districtB, 'GET', `${C}/get-by-id/${id}`)).statusCode).toBe(404);
    expect((await call(f.employerA, 'GET', `${C}/get-by-id/${id}`)).json().workerCount).toBe(8);

    // A commune files for the employers of its own commune only.
    const elsewhere = refused(
      await call(f.districtA, 'POST', `${C}/create`, compensation({ businessId: f.businessB.id })),
      403,
    );
    expect(elsewhere.details[0]).toMatchObject({ field: 'businessId' });
    expect(
      (await call(f.districtA, 'POST', `${C}/create`, compensation({ businessId: f.businessA.id }))).statusCode,
    ).toBe(201);
    // The department files for an employer it names.
    expect(refused(await call(f.department, 'POST', `${C}/create`, compensation()), 400).details[0]).toMatchObject({
      field: 'businessId',
    });
    const filed = await created(f.department, compensation({ businessId: f.businessB.id }));
    expect(filed.businessId).toBe(f.businessB.id);
    expect(await seen(f.employerB)).toBe(0);
    expect(
      (await call(f.employerB, 'GET', `${C}/get-paging`, undefined, { keyWord: String(filed.code) })).json()
        .totalRecord,
    ).toBe(1);
  });
});

describe('SafetyCost', () => {
  const cost = (body: Record<string, unknown> = {}) => {
    serial += 1;
    return { code: `CP-T${serial}`, year: thisYear, item: 'ppe', amount: 42_500_000, ...body };
  };

  it('keeps one amount per employer, year and item', async () => {
    const first = await call(f.employerA, 'POST', `${S}/safetyCosts`, cost());
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ businessId: f.businessA.id, item: 'ppe', amount: 42_500_000 });
    const twice = refused(await call(f.employerA, 'POST', `${S}/safetyCosts`, cost({ amount: 1 })), 409);
    expect(twice.code).toBe('CONFLICT');
    expect(twice.details[0]).toMatchObject({ field: 'item' });
    // Another year, another item, another employer: each its own.
    for (const [as, body] of [
      [f.employerA, cost({ year: thisYear - 1 })],
      [f.employerA, cost({ item: 'training' })],
      [f.employerB, cost()],
    ] as const) {
      const res = await call(as, 'POST', `${S}/safetyCosts`, body);
      expect(res.statusCode, res.body).toBe(201);
    }
    const exists = await call(f.employerA, 'GET', `${S}/existItem`, undefined, {
      item: 'ppe',
      year: String(thisYear),
    });
    expect(exists.json()).toEqual({ exists: true });
    // An import takes items by their labels; an unknown one is refused on its row, listing them in Vietnamese.
    const imported = await call(f.employerA, 'POST', `${S}/import-safety-cost-from-json?dryRun=true`, [
      cost({ item: 'Huấn luyện an toàn, vệ sinh lao động', year: thisYear - 1 }),
      cost({ item: 'Không có khoản này' }),
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    const [ok, unknown] = imported.json().data as {
      isSuccess: boolean;
      errors: { field: string; message: string }[];
    }[];
    expect(ok!.isSuccess).toBe(true);
    expect(unknown).toMatchObject({ isSuccess: false, errors: [expect.objectContaining({ field: 'item' })] });
    expect(unknown!.errors[0]!.message).toContain('Trang bị phương tiện bảo vệ cá nhân');
    // The department and the communes read the employers' costs within their scope.
    const list = async (as: Session) =>
      (
        await call(as, 'GET', `${S}/safetyCosts`, undefined, {
          yearFrom: String(thisYear),
          yearTo: String(thisYear),
          item: 'ppe',
        })
      ).json().pageLists as { businessId: string }[];
    expect((await list(f.department)).map((r) => r.businessId).sort()).toEqual([f.businessA.id, f.businessB.id].sort());
    expect((await list(f.districtA)).map((r) => r.businessId)).toEqual([f.businessA.id]);
    expect((await list(f.employerB)).map((r) => r.businessId)).toEqual([f.businessB.id]);
  });
});

describe('bad input is a 4xx, never a 5xx', () => {
  it('answers malformed bodies, ids and values with field errors', async () => {
    const cases: [string, 'GET' | 'POST' | 'PUT', string, unknown, number][] = [
      ['no body', 'POST', `${C}/create`, {}, 400],
      ['negative workers', 'POST', `${C}/create`, compensation({ workerCount: -1 }), 400],
      ['text for a number', 'POST', `${C}/create`, compensation({ shiftsPerWorker: 'một trăm' }), 400],
      ['unknown form', 'POST', `${C}/create`, compensation({ form: 'voucher' }), 400],
      ['a level that does not exist', 'POST', `${C}/create`, compensation({ levelId: randomUUID() }), 400],
      ['a level that is not an id', 'POST', `${C}/create`, compensation({ levelId: 'mức 3' }), 400],
      ['an array', 'POST', `${C}/create`, [1, 2], 400],
      ['an id that is not one', 'GET', `${C}/get-by-id/khong-phai-id`, undefined, 400],
      ['an update without id', 'PUT', `${C}/update`, compensation(), 400],
      ['delete of non-ids', 'POST', `${C}/delete`, ['x'], 400],
      ['import of an object', 'POST', `${C}/import-from-json`, { rows: 'x' }, 400],
      ['a paging of page 0', 'GET', `${C}/get-paging?pageNumber=0`, undefined, 400],
      ['a negative cost', 'POST', `${S}/safetyCosts`, { code: 'CP-AM', year: thisYear, item: 'ppe', amount: -5 }, 400],
      [
        'a cost too large',
        'POST',
        `${S}/safetyCosts`,
        { code: 'CP-LON', year: thisYear, item: 'ppe', amount: 1e18 },
        400,
      ],
      ['a cost of year 2100', 'POST', `${S}/safetyCosts`, { code: 'CP-XA', year: 2100, item: 'ppe', amount: 5 }, 400],
    ];
    for (const [name, method, url, payload, status] of cases) {
      const res = await call(f.employerA, method, url, payload);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().error.message.length, name).toBeGreaterThan(0);
    }
    const malformed = await t.request({
      method: 'POST',
      url: `${C}/create`,
      headers: { ...f.employerA.headers, 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${C}/get-paging` })).statusCode).toBe(401);
  });
});
