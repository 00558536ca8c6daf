import ExcelJS from 'exceljs';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapHeaders } from '@portal/domain/catalog/index';
import { NATIONALITIES } from '@portal/domain/workers/constants';
import { translate } from '@portal/domain/i18n';
import { makeCitizenId } from '@portal/domain/workers/citizen-id';
import { countries } from '../src/modules/organisation/countries.ts';
import { cappedTotal } from '../src/catalog/operations.ts';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { createCatalogTestApp, readXlsx, sheetRows, WARDS, type CatalogTestApp, type Who } from './catalog.fixtures.ts';

/**
 * Workers: who sees and changes which workers (two employers in two communes, their district users, the
 * department), the citizen ID rule (12 digits, one record per person across employers), the import of the
 * same person twice, and what the province's statistics count (education, income, insurance, work abroad).
 */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const as = (who: Who) => ({ 'x-test-as': who });
let serial = 0;
/** A citizen ID no other test uses: Lâm Đồng's province code 068, the holder's birth year and sex, a serial. */
const cccd = (birthDate = '1990-05-12', sex: 'male' | 'female' = 'male') =>
  makeCitizenId('068', birthDate, sex, (Date.now() % 1000) * 1000 + ++serial);

const worker = (over: Record<string, unknown> = {}) => ({
  fullName: 'Nguyễn Văn Đức',
  citizenId: cccd(),
  birthDate: '1990-05-12',
  sex: 'male',
  startDate: '2021-03-01',
  ...over,
});

async function create(who: Who, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/Worker/workers', headers: as(who), payload: body });
}

async function list(who: Who, query: Record<string, string> = {}) {
  const res = await t.request({ url: '/api/Worker/workers', query: { pageSize: '100', ...query }, headers: as(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { pageLists: Array<Record<string, unknown>>; totalRecord: number };
}

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as {
    error: { code: string; message: string; details: Array<{ field?: string; code?: string; message: string }> };
  };
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

describe('who sees which workers', () => {
  it('keeps employer users to their own workers; communes see the employers in them; the department sees all', async () => {
    const tag = `Lâm Thị Hòa ${serial}`;
    const a = await create('employerA', worker({ fullName: tag, businessId: t.businessB }));
    expect(a.statusCode, a.body).toBe(201);
    // The employer comes from the token, whatever the body says.
    expect(a.json()).toMatchObject({
      businessId: t.businessA,
      businessName: 'Công ty TNHH Thử nghiệm A',
      nationality: 'VN',
    });
    const b = await create('department', worker({ fullName: tag, businessId: t.businessB }));
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().businessId).toBe(t.businessB);

    const seen = async (who: Who) =>
      (await list(who, { keyWord: 'lam thi hoa' })).pageLists
        .filter((r) => r.fullName === tag)
        .map((r) => r.businessId);
    expect(await seen('employerA')).toEqual([t.businessA]);
    expect(await seen('employerB')).toEqual([t.businessB]);
    expect(await seen('districtA')).toEqual([t.businessA]);
    expect(await seen('districtB')).toEqual([t.businessB]);
    expect((await seen('department')).sort()).toEqual([t.businessA, t.businessB].sort());

    // Another employer's worker is not found, not forbidden: its existence is not revealed.
    const idB = b.json().id as string;
    expect((await t.request({ url: `/api/Worker/workers/${idB}`, headers: as('employerA') })).statusCode).toBe(404);
    const put = await t.request({
      method: 'PUT',
      url: '/api/Worker/workers',
      headers: as('employerA'),
      payload: { ...worker(), id: idB },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: '/api/Worker/delete-worker', headers: as('employerA'), payload: [idB] }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ url: `/api/Worker/workers/${idB}`, headers: as('districtA') })).statusCode).toBe(404);

    const exported = await t.request({
      url: '/api/Worker/export-excel',
      query: { keyWord: 'lam thi hoa' },
      headers: as('employerB'),
    });
    expect(exported.statusCode).toBe(200);
    const rows = sheetRows((await readXlsx(exported)).worksheets[0]!);
    expect(rows.slice(1).map((r) => r[0])).toEqual([tag]);
  });

  it('lets a commune file workers only for the employers in it, and the department for any', async () => {
    const ok = await create('districtA', worker({ businessId: t.businessA }));
    expect(ok.statusCode, ok.body).toBe(201);
    const other = expectError(await create('districtA', worker({ businessId: t.businessB })), 403);
    expect(other.details[0]?.field).toBe('businessId');
    // The department must say which employer.
    const missing = expectError(await create('department', worker()), 400);
    expect(missing.details.map((d) => d.field)).toContain('businessId');
    // Moving a worker to an employer outside the commune is refused too.
    const moved = await t.request({
      method: 'PUT',
      url: '/api/Worker/workers',
      headers: as('districtA'),
      payload: { ...worker({ businessId: t.businessB }), id: ok.json().id },
    });
    expect(moved.statusCode).toBe(403);
  });

  it('keeps employers out of each other’s drop-downs and search', async () => {
    const name = `Phạm Quỳnh Anh ${serial}`;
    await create('employerB', worker({ fullName: name }));
    const options = await t.request({
      url: '/api/Worker/combobox',
      query: { keyWord: 'pham quynh anh' },
      headers: as('employerA'),
    });
    expect(options.json()).toEqual([]);
    expect((await list('employerB', { keyWord: 'PHAM QUYNH' })).pageLists.map((r) => r.fullName)).toContain(name);
  });
});

describe('citizen ID (CCCD)', () => {
  it('must be exactly 12 digits, and leading zeros are kept', async () => {
    for (const bad of ['12345678901', '1234567890123', '06809000123a', '068 090 001 234']) {
      const err = expectError(await create('employerA', worker({ citizenId: bad })), 400);
      expect(err.details).toEqual([
        expect.objectContaining({
          field: 'citizenId',
          message: translate('vi', 'catalog:validation.digits', { count: 12 }),
        }),
      ]);
    }
    const ok = await create('employerA', worker({ citizenId: `00109${String(serial++).padStart(7, '0')}` }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().citizenId).toMatch(/^00109/);
  });

  it('is checked by its structure against the holder: province, century and sex, birth year', async () => {
    const woman = { fullName: 'Nguyễn Thị Hoa', birthDate: '1995-04-02', sex: 'female' };
    for (const [bad, problem] of [
      ['000000000000', 'zeros'],
      ['003195000123', 'province'],
      ['068095000123', 'sex'],
      ['068295000123', 'century'],
      ['068194000123', 'year'],
    ] as const) {
      const err = expectError(await create('employerA', worker({ ...woman, citizenId: bad })), 400);
      expect(err.details, bad).toEqual([
        expect.objectContaining({
          field: 'citizenId',
          message: translate('vi', `workers:validation.citizenId.${problem}`),
        }),
      ]);
    }
    const ok = await create('employerA', worker({ ...woman, citizenId: cccd('1995-04-02', 'female') }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('is one record per person: the same employer gets a duplicate, another employer a clear conflict', async () => {
    const id = cccd();
    expect((await create('employerA', worker({ citizenId: id }))).statusCode).toBe(201);
    const same = expectError(await create('employerA', worker({ citizenId: id })), 409);
    expect(same.details[0]).toMatchObject({ field: 'citizenId', code: 'duplicate' });
    const elsewhere = expectError(await create('employerB', worker({ citizenId: id })), 409);
    expect(elsewhere.details[0]).toMatchObject({ field: 'citizenId', code: 'ownedElsewhere' });
    expect(elsewhere.details[0]!.message).toContain(id);
    const dept = expectError(await create('department', worker({ citizenId: id, businessId: t.businessB })), 409);
    expect(dept.details[0]!.code).toBe('ownedElsewhere');
    const exists = await t.request({
      url: '/api/Worker/existCitizenId',
      query: { citizenId: id },
      headers: as('employerB'),
    });
    expect(exists.json()).toEqual({ exists: true });
  });

  it('imports the same person twice as one record; another employer’s person is a conflict row', async () => {
    const [x, y, z] = [cccd('1988-05-12'), cccd('1995-01-30', 'female'), cccd('1999-09-09', 'female')];
    const bé = { citizenId: z, fullName: 'Trần Thị Bé', birthDate: '1999-09-09', sex: 'female' };
    expect((await create('employerB', worker(bé))).statusCode).toBe(201);
    const file = [
      {
        fullName: 'Hoàng Văn Nam',
        citizenId: x,
        birthDate: '12/05/1988',
        sex: 'Nam',
        nationality: 'Việt Nam',
        workingForm: 'Toàn thời gian',
      },
      { fullName: 'Đỗ Thị Mai', citizenId: Number(y), birthDate: '1995-01-30', sex: 'Nữ' },
      { fullName: 'Trần Thị Bé', citizenId: z, birthDate: '1999-09-09', sex: 'Nữ' },
      { fullName: 'Hoàng Văn Nam', citizenId: x, birthDate: '12/05/1988', sex: 'Nam' },
    ];
    const first = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      headers: as('employerA'),
      payload: file,
    });
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data as Array<{
      isSuccess: boolean;
      action: string | null;
      errors: Array<{ field: string; code?: string; message: string }>;
    }>;
    expect(data.map((r) => [r.isSuccess, r.action])).toEqual([
      [true, 'create'],
      [true, 'create'],
      [false, null],
      [false, null],
    ]);
    expect(data[2]!.errors[0]).toMatchObject({ field: 'citizenId', code: 'ownedElsewhere' });
    expect(data[3]!.errors[0]!.message).toContain('dòng 2');

    const again = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      headers: as('employerA'),
      payload: file.slice(0, 3),
    });
    expect(again.json().data.map((r: { action: string | null }) => r.action)).toEqual(['update', 'update', null]);
    const stored = (await list('employerA', { keyWord: x })).pageLists;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      birthDate: '1988-05-12',
      sex: 'male',
      nationality: 'VN',
      workingForm: 'fullTime',
    });
    // A number cell lost the leading zeros of nothing here, but kept all 12 digits.
    expect((await list('employerA', { keyWord: y })).pageLists[0]!.citizenId).toBe(y);
  });

  it('lets the department import for several employers by tax code, refusing codes outside a commune', async () => {
    const [p, q] = [cccd('1980-01-01'), cccd('1981-01-01', 'female')];
    const codes = await t.database.db
      .selectFrom('business')
      .select(['id', 'code'])
      .where('id', 'in', [t.businessA, t.businessB])
      .execute();
    const taxOf = (id: string) => codes.find((c) => c.id === id)!.code;
    const rows = [
      { fullName: 'Lý Văn Tài', citizenId: p, birthDate: '1980-01-01', sex: 'male', businessId: taxOf(t.businessA) },
      { fullName: 'Lý Thị Tâm', citizenId: q, birthDate: '1981-01-01', sex: 'female', businessId: taxOf(t.businessB) },
      {
        fullName: 'Không Có Đơn Vị',
        citizenId: cccd('1981-01-01', 'female'),
        birthDate: '1981-01-01',
        sex: 'female',
        businessId: '0000000000',
      },
    ];
    const byDistrict = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      query: { dryRun: 'true' },
      headers: as('districtA'),
      payload: rows,
    });
    // A commune does not even find an employer outside it.
    expect(byDistrict.json().data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([true, false, false]);
    expect(byDistrict.json().data[1].errors[0].field).toBe('businessId');
    const byDepartment = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      headers: as('department'),
      payload: rows,
    });
    expect(byDepartment.json().data.map((r: { action: string | null }) => r.action)).toEqual([
      'create',
      'create',
      null,
    ]);
    const found = (await list('department', { keyWord: 'ly van tai' })).pageLists;
    expect(found[0]).toMatchObject({ businessId: t.businessA, citizenId: p });
  });
});

describe('foreign workers', () => {
  it('are identified by their passport: required, unique, and matched on import when there is no citizen ID', async () => {
    const passport = `M${String(Date.now()).slice(-8)}`;
    const noPassport = expectError(
      await create('employerA', worker({ citizenId: null, nationality: 'KR', fullName: 'KIM MIN JUN' })),
      400,
    );
    expect(noPassport.details[0]).toMatchObject({ field: 'passportNumber' });
    const noCccd = expectError(await create('employerA', worker({ citizenId: null })), 400);
    expect(noCccd.details[0]).toMatchObject({
      field: 'citizenId',
      message: translate('vi', 'workers:validation.citizenIdRequired'),
    });
    const kim = {
      fullName: 'KIM MIN JUN',
      passportNumber: passport,
      nationality: 'Hàn Quốc',
      birthDate: '1985-06-01',
      sex: 'Nam',
    };
    const first = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      headers: as('employerA'),
      payload: [kim],
    });
    expect(first.json().data[0]).toMatchObject({ isSuccess: true, action: 'create' });
    const again = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      headers: as('employerA'),
      payload: [{ ...kim, phone: '0912000111' }],
    });
    expect(again.json().data[0]).toMatchObject({ isSuccess: true, action: 'update', id: first.json().data[0].id });
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      headers: as('employerB'),
      payload: [kim],
    });
    expect(elsewhere.json().data[0].errors[0]).toMatchObject({ field: 'passportNumber', code: 'ownedElsewhere' });
    expect((await list('employerA', { keyWord: passport.toLowerCase() })).pageLists[0]).toMatchObject({
      nationality: 'KR',
      citizenId: null,
      phone: '0912000111',
    });
  });
});

describe('list totals at province scale', () => {
  it('are free on a short page, exact up to 10 000 matches, the estimate beyond', async () => {
    const c = catalogRegistry.get('worker');
    const q = { pageNumber: 1, pageSize: 20, values: {} };
    const page = Array.from({ length: 20 }, (_, i) => ({ id: String(i) }));
    const never = async (): Promise<number> => {
      throw new Error('counted');
    };
    expect(await cappedTotal(c, q, page.slice(0, 7), 500_000, never)).toEqual({ totalRecord: 7 });
    expect(await cappedTotal(c, { ...q, pageNumber: 3 }, page.slice(0, 4), 500_000, never)).toEqual({
      totalRecord: 44,
    });
    expect(await cappedTotal(c, q, page, 58_000, never)).toEqual({ totalRecord: 58_000, totalKind: 'estimate' });
    expect(await cappedTotal(c, q, page, 900, async () => 1_234)).toEqual({ totalRecord: 1_234 });
    expect(await cappedTotal(c, q, page, 900, async () => 10_001)).toEqual({
      totalRecord: 10_000,
      totalKind: 'atLeast',
    });
    // Through the route: a small list is exact.
    for (let i = 0; i < 2; i++) expect((await create('employerA', worker())).statusCode).toBe(201);
    const res = await t.request({ url: '/api/Worker/workers', query: { pageSize: '1' }, headers: as('employerA') });
    expect(res.json().totalKind).toBeUndefined();
    expect(res.json().totalRecord).toBeGreaterThan(1);
  });
});

describe('bad input', () => {
  it('answers 4xx with the error body, never 500', async () => {
    const cases = [
      await create('employerA', worker({ birthDate: '31/02/1990' })),
      await create('employerA', worker({ sex: 'x' })),
      await create('employerA', worker({ startDate: '2024-01-10', endDate: '2023-01-10' })),
      await create('employerA', worker({ birthDate: '2999-01-01' })),
      await create('employerA', worker({ nationality: 'XX' })),
      await create('employerA', worker({ occupationId: 'not-a-uuid' })),
      await create('employerA', worker({ positionId: '00000000-0000-4000-8000-000000000000' })),
      await t.request({
        method: 'POST',
        url: '/api/Worker/workers',
        headers: { ...as('employerA'), 'content-type': 'application/json' },
        payload: '{"fullName":',
      }),
      await t.request({ url: '/api/Worker/workers', query: { pageSize: '100000' }, headers: as('employerA') }),
      await t.request({ url: '/api/Worker/workers', query: { businessId: 'abc' }, headers: as('department') }),
      await t.request({ url: '/api/Worker/workers/123', headers: as('employerA') }),
      await t.request({
        method: 'POST',
        url: '/api/Worker/import-worker-from-json',
        headers: as('employerA'),
        payload: { rows: 'x' },
      }),
      await t.request({ method: 'POST', url: '/api/Worker/delete-worker', headers: as('employerA'), payload: ['x'] }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().error.code).toBeTruthy();
    }
    const range = expectError(cases[2]!, 400);
    expect(range.details[0]).toMatchObject({
      field: 'endDate',
      message: translate('vi', 'workers:validation.endBeforeStart'),
    });
  });

  it('offers exactly the nationalities of the reference country list', () => {
    expect([...NATIONALITIES].sort()).toEqual(countries.map(([code]) => code).sort());
    expect(WARDS).toHaveLength(2);
  });
});

describe('what the province statistics count', () => {
  const read = async (who: Who, id: string) => {
    const res = await t.request({ url: `/api/Worker/workers/${id}`, headers: as(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, unknown>;
  };
  const background = {
    educationLevel: 'vocational',
    incomeBand: '10to15',
    socialInsurance: true,
    healthInsurance: true,
    abroadStatus: 'returned',
    abroadCountry: 'Nhật Bản',
  };

  it('are stored and read back; left out, no insurance and never abroad', async () => {
    const created = await create('employerA', worker(background));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(await read('employerA', id)).toMatchObject(background);

    const changed = { ...background, educationLevel: 'university', incomeBand: 'gte30', abroadStatus: 'abroad' };
    const put = await t.request({
      method: 'PUT',
      url: '/api/Worker/workers',
      headers: as('employerA'),
      payload: { ...worker({ citizenId: created.json().citizenId }), ...changed, abroadCountry: 'Hàn Quốc', id },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await read('employerA', id)).toMatchObject({ ...changed, abroadCountry: 'Hàn Quốc' });

    const plain = await create('employerA', worker());
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await read('employerA', plain.json().id as string)).toMatchObject({
      educationLevel: null,
      incomeBand: null,
      socialInsurance: false,
      healthInsurance: false,
      abroadStatus: 'none',
      abroadCountry: null,
    });
  });

  it('refuses a value outside the lists, and work abroad without the country, naming the field', async () => {
    for (const [name, value] of [
      ['educationLevel', 'phd'],
      ['incomeBand', '5-10'],
      ['abroadStatus', 'yes'],
      ['socialInsurance', 'maybe'],
    ] as const) {
      const err = expectError(await create('employerA', worker({ [name]: value })), 400);
      expect(err.details.map((e) => e.field)).toEqual([name]);
    }
    for (const abroadStatus of ['abroad', 'returned']) {
      const err = expectError(await create('employerA', worker({ abroadStatus, abroadCountry: ' ' })), 400);
      expect(err.details).toEqual([
        expect.objectContaining({
          field: 'abroadCountry',
          message: translate('vi', 'workers:validation.abroadCountryRequired'),
        }),
      ]);
    }
    const inEnglish = await t.request({
      method: 'POST',
      url: '/api/Worker/workers',
      headers: { ...as('employerA'), 'accept-language': 'en' },
      payload: worker({ abroadStatus: 'abroad' }),
    });
    expect(expectError(inEnglish, 400).details[0]).toMatchObject({
      field: 'abroadCountry',
      message: translate('en', 'workers:validation.abroadCountryRequired'),
    });
  });

  it('import from the template with Vietnamese labels, and read back and export the same way', async () => {
    const d = catalogRegistry.get('worker').declaration;
    const translators = (['vi', 'en'] as const).map((lang) => (key: string) => translate(lang, key));
    const template = await t.request({ url: '/api/Worker/generateTemplate', headers: as('employerA') });
    expect(template.statusCode).toBe(200);
    const headers = sheetRows((await readXlsx(template)).worksheets[0]!)[0] as string[];
    const fields = mapHeaders(d, headers, translators);
    for (const name of Object.keys(background)) expect(fields).toContain(name);

    const [x, y, z] = [cccd('1992-02-02', 'female'), cccd('1985-08-08'), cccd('1990-01-01')];
    const rows: Record<string, unknown>[] = [
      {
        fullName: 'Lê Thị Hằng',
        citizenId: x,
        birthDate: new Date('1992-02-02T00:00:00Z'),
        sex: 'Nữ',
        educationLevel: 'Trung cấp/Sơ cấp nghề',
        incomeBand: '10–15 triệu',
        socialInsurance: 'Có',
        healthInsurance: 'Có',
        abroadStatus: 'Đã về nước',
        abroadCountry: 'Hàn Quốc',
      },
      {
        fullName: 'Võ Văn Khải',
        citizenId: y,
        birthDate: new Date('1985-08-08T00:00:00Z'),
        sex: 'Nam',
        educationLevel: 'Đại học',
        incomeBand: 'Từ 30 triệu',
        socialInsurance: 'Không',
        healthInsurance: 'Có',
        abroadStatus: 'Không',
      },
      // Working abroad now, the country left blank: refused on its own row.
      {
        fullName: 'Phan Văn Lộc',
        citizenId: z,
        birthDate: new Date('1990-01-01T00:00:00Z'),
        sex: 'Nam',
        abroadStatus: 'Đang làm việc ở nước ngoài',
      },
    ];
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Dữ liệu');
    ws.addRow(headers);
    for (const row of rows) ws.addRow(fields.map((f) => row[f!] ?? null));
    ws.getColumn(fields.indexOf('citizenId') + 1).numFmt = '@';
    const file = Buffer.from(await wb.xlsx.writeBuffer());

    // As the import page reads it: headers matched, dates as 'YYYY-MM-DD'.
    const pad = (n: number) => String(n).padStart(2, '0');
    const [header = [], ...body] = (await readSheet(file)).map((cells) =>
      cells.map((c) =>
        c instanceof Date ? `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())}` : c,
      ),
    );
    const mapped = mapHeaders(d, header, translators);
    const records = body.map((cells) =>
      Object.fromEntries(mapped.flatMap((name, i) => (name ? [[name, cells[i] ?? null]] : []))),
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/Worker/import-worker-from-json',
      headers: as('employerA'),
      payload: records,
    });
    expect(res.statusCode, res.body).toBe(200);
    const verdicts = res.json().data as Array<{
      isSuccess: boolean;
      action: string | null;
      errors: { field: string }[];
    }>;
    expect(verdicts.map((v) => [v.isSuccess, v.action])).toEqual([
      [true, 'create'],
      [true, 'create'],
      [false, null],
    ]);
    expect(verdicts[2]!.errors.map((e) => e.field)).toEqual(['abroadCountry']);

    expect((await list('employerA', { keyWord: x })).pageLists[0]).toMatchObject({
      educationLevel: 'vocational',
      incomeBand: '10to15',
      socialInsurance: true,
      healthInsurance: true,
      abroadStatus: 'returned',
      abroadCountry: 'Hàn Quốc',
    });
    expect((await list('employerA', { keyWord: y })).pageLists[0]).toMatchObject({
      educationLevel: 'university',
      incomeBand: 'gte30',
      socialInsurance: false,
      healthInsurance: true,
      abroadStatus: 'none',
      abroadCountry: null,
    });

    // The export writes the labels back, under the template's headers: it imports again unchanged.
    const exported = await t.request({
      url: '/api/Worker/export-excel',
      query: { keyWord: x },
      headers: as('employerA'),
    });
    expect(exported.statusCode).toBe(200);
    const [outHeader = [], outRow = []] = sheetRows((await readXlsx(exported)).worksheets[0]!);
    const at = (name: string) => outRow[mapHeaders(d, outHeader, translators).indexOf(name)];
    expect([at('educationLevel'), at('incomeBand'), at('abroadStatus'), at('abroadCountry')]).toEqual([
      'Trung cấp/Sơ cấp nghề',
      '10–15 triệu',
      'Đã về nước',
      'Hàn Quốc',
    ]);
  });

  it('finds a worker by the country of work, typed without accents', async () => {
    const created = await create(
      'employerB',
      worker({ fullName: 'Đinh Công Sơn', abroadStatus: 'abroad', abroadCountry: 'Đài Loan (Trung Quốc)' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const found = (await list('employerB', { keyWord: 'dai loan' })).pageLists.map((r) => r.id);
    expect(found).toContain(created.json().id);
  });
});
