import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticAnswer } from '@portal/domain/statistics/index';
import { clock } from '../src/platform/clock/index.ts';
import { workspaceCountCache } from '../src/modules/workspace/cache.ts';
import { registeredTallies } from '../src/modules/workspace/registry.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { scopeFixture, sessionWith, type Session } from './support/accounts.ts';

/**
 * The statistics through the API, on hand-counted workers, accidents and claimants in two communes: the department
 * sees the province, a commune its area, an employer its own; breakdowns by one and two dimensions, a filter, the year
 * before; a write shows at once (the rollups move in the writing transaction); the workbook read back with its
 * methodology; the public set with small counts suppressed and its open data; bad input answered 4xx.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let outsider: Session;
let year: number;
const S = '/api/Statistics';

async function get(as: Session | null, url: string) {
  return t.request({ method: 'GET', url, ...(as ? { headers: as.headers } : {}) });
}
async function answer(as: Session | null, url: string): Promise<StatisticAnswer> {
  const res = await get(as, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StatisticAnswer>();
}
const values = (a: StatisticAnswer) =>
  Object.fromEntries(a.rows.map((r) => [r.key2 ? `${r.key}|${r.key2}` : r.key, r.value]));

async function worker(
  businessId: string,
  sex: 'male' | 'female',
  birthYear: number,
  extra: Record<string, unknown> = {},
) {
  const row = {
    business_id: businessId,
    full_name: `Người lao động ${sex} ${birthYear}`,
    sex,
    birth_date: `${birthYear}-06-15`,
    nationality: 'VN',
    ...extra,
  };
  // The worker table is a catalogue area's (no static row type): the columns are named here.
  const columns = Object.keys(row);
  const inserted = await sql<{ id: string }>`insert into worker (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(Object.values(row))}) returning id`.execute(t.database.db);
  return inserted.rows[0]!.id;
}

async function claimant(ward: string, sex: 'male' | 'female', registered: string) {
  await sql`insert into unemployment_worker (code, full_name, sex, admin_unit_id, registered_date, status)
    values (${`TN-${registered}-${Math.random().toString(36).slice(2, 8)}`}, 'Người thất nghiệp', ${sex}, ${ward},
      ${registered}::date, 'new')`.execute(t.database.db);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, ['Statistics.read', 'Statistics.export']);
  outsider = await sessionWith(t, { permissions: ['Worker.read'] });
  year = Number(clock.today().slice(0, 4));
  const A = f.businessA.id;
  const B = f.businessB.id;
  // Employer A (commune A): three men and three women; employer B (commune B): a man and two women, one a child.
  await worker(A, 'male', year - 26, { education_level: 'university', social_insurance: true, health_insurance: true });
  await worker(A, 'male', year - 36, { education_level: 'upperSecondary', health_insurance: true });
  await worker(A, 'male', year - 46, { education_level: 'upperSecondary' });
  await worker(A, 'female', year - 26, {
    education_level: 'vocational',
    social_insurance: true,
    health_insurance: true,
  });
  await worker(A, 'female', year - 26, { nationality: 'KR' });
  await worker(A, 'female', year - 76);
  await worker(B, 'male', year - 31, { abroad_status: 'returned', abroad_country: 'JP' });
  await worker(B, 'female', year - 31);
  await worker(B, 'female', year - 11);
  // Claimants: two this year in commune A, one last year in commune B.
  await claimant(f.wards[0], 'male', `${year}-02-10`);
  await claimant(f.wards[0], 'female', `${year}-03-10`);
  await claimant(f.wards[1], 'female', `${year - 1}-05-10`);
  expect(await workspaceCountCache(t.database.db).talliesReady(registeredTallies())).toBe(true);
});

afterAll(async () => {
  await t?.close();
});

describe('figures in the caller scope', () => {
  it('the department: ages 15 and over by band, a cross-table by sex, a filter', async () => {
    const bands = await answer(f.department, `${S}/co-cau-tuoi-gioi-tinh?by=ageBand&year=${year}`);
    expect(values(bands)).toEqual({ '25-34': 5, '35-44': 1, '45-54': 1, '65+': 1 });
    // The child counts in no band and not in the total.
    expect(bands.total).toBe(8);
    expect(bands.rows.map((r) => r.key)).toEqual(['25-34', '35-44', '45-54', '65+']);
    const cross = await answer(f.department, `${S}/co-cau-tuoi-gioi-tinh?by=ageBand&by2=sex`);
    expect(values(cross)).toEqual({
      '25-34|male': 2,
      '25-34|female': 3,
      '35-44|male': 1,
      '45-54|male': 1,
      '65+|female': 1,
    });
    const women = await answer(f.department, `${S}/co-cau-tuoi-gioi-tinh?by=ageBand&filter=sex:female`);
    expect(values(women)).toEqual({ '25-34': 3, '65+': 1 });
    // Working age: 15 to 64.
    const workingAge = await answer(f.department, `${S}/dan-so-trong-do-tuoi-lao-dong?by=sex`);
    expect(values(workingAge)).toEqual({ male: 4, female: 3 });
  });

  it('by commune with its names; employers and workers', async () => {
    const byWard = await answer(f.department, `${S}/lao-dong-theo-don-vi-hanh-chinh?by=ward`);
    expect(values(byWard)).toMatchObject({ [f.wards[0]]: 6, [f.wards[1]]: 3 });
    expect(byWard.rows.find((r) => r.key === f.wards[0])?.label).toMatch(/Xuân Hương/);
    const employers = await answer(f.department, `${S}/lao-dong-theo-don-vi-hanh-chinh?by=ward&measure=employers`);
    expect(values(employers)[f.wards[0]]).toBeGreaterThanOrEqual(1);
  });

  it('a commune sees its area, an employer its own, asked filters stay within the scope', async () => {
    // By sex, every worker counts (the age bands leave out those under 15).
    expect((await answer(f.districtA, `${S}/co-cau-tuoi-gioi-tinh?by=sex`)).total).toBe(6);
    expect(values(await answer(f.districtB, `${S}/co-cau-tuoi-gioi-tinh?by=sex`))).toEqual({ male: 1, female: 2 });
    expect(values(await answer(f.employerA, `${S}/lao-dong-theo-doanh-nghiep?by=employer`))).toEqual({
      [f.businessA.id]: 6,
    });
    // Commune B asking for commune A's figures gets nothing of them.
    expect((await answer(f.districtB, `${S}/co-cau-tuoi-gioi-tinh?by=sex&ward=${f.wards[0]}`)).total).toBe(0);
    expect((await answer(f.department, `${S}/co-cau-tuoi-gioi-tinh?by=sex&ward=${f.wards[0]}`)).total).toBe(6);
  });

  it('register fields: education, insurance, abroad, foreign workers', async () => {
    expect(values(await answer(f.department, `${S}/lao-dong-theo-trinh-do-hoc-van`))).toMatchObject({
      university: 1,
      upperSecondary: 2,
      vocational: 1,
    });
    expect(values(await answer(f.department, `${S}/bao-hiem-xa-hoi-y-te`))).toMatchObject({ both: 2, health: 1 });
    expect(values(await answer(f.department, `${S}/lao-dong-di-lam-viec-o-nuoc-ngoai`))).toEqual({ returned: 1 });
    const foreign = await answer(f.department, `${S}/lao-dong-nuoc-ngoai`);
    expect(foreign.rows).toEqual([expect.objectContaining({ key: 'KR', label: 'Hàn Quốc', value: 1 })]);
  });

  it('machines by their inspection this month; the inspected list by employer, and filtered to one', async () => {
    const today = clock.today();
    const month = `${today.slice(0, 7)}-15`;
    const shift = (months: number) => {
      const d = new Date(`${month}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + months);
      return d.toISOString().slice(0, 10);
    };
    const machine = (businessId: string, ward: string, due: string | null, status = 'inUse') =>
      sql`insert into equipment (business_id, name, ward_id, status, next_due_date, declaration_status)
        values (${businessId}::uuid, 'Nồi hơi', ${ward}, ${status}, ${due}::date, 'none')`.execute(t.database.db);
    // A: two in date, one due this month, one overdue, one never inspected, one out of use (not counted); B: one in date.
    await machine(f.businessA.id, f.wards[0], shift(3));
    await machine(f.businessA.id, f.wards[0], shift(14));
    await machine(f.businessA.id, f.wards[0], month);
    await machine(f.businessA.id, f.wards[0], shift(-2));
    await machine(f.businessA.id, f.wards[0], null);
    await machine(f.businessA.id, f.wards[0], shift(5), 'outOfUse');
    await machine(f.businessB.id, f.wards[1], shift(1));
    const states = await answer(f.department, `${S}/thiet-bi-da-kiem-dinh?by=inspection`);
    expect(values(states)).toEqual({ inspected: 3, dueThisMonth: 1, overdue: 1, never: 1 });
    expect(states.rows.map((r) => r.key)).toEqual(['inspected', 'dueThisMonth', 'overdue', 'never']);
    const overdueByWard = await answer(f.department, `${S}/thiet-bi-da-kiem-dinh?by=ward&filter=inspection:overdue`);
    expect(values(overdueByWard)).toEqual({ [f.wards[0]]: 1 });
    // The inspected list counts the machines in date only.
    const list = await answer(f.department, `${S}/danh-sach-thiet-bi-kiem-dinh?by=employer`);
    expect(values(list)).toEqual({ [f.businessA.id]: 2, [f.businessB.id]: 1 });
    expect(list.total).toBe(3);
    const onlyB = await answer(
      f.department,
      `${S}/danh-sach-thiet-bi-kiem-dinh?by=ward&filter=employer:${f.businessB.id}`,
    );
    expect(values(onlyB)).toEqual({ [f.wards[1]]: 1 });
    expect((await answer(f.employerA, `${S}/danh-sach-thiet-bi-kiem-dinh?by=ward`)).total).toBe(2);
  });

  it('flows: the year asked beside the year before, by month', async () => {
    const a = await answer(f.department, `${S}/that-nghiep?by=month&year=${year}`);
    expect(values(a)).toMatchObject({ '2': 1, '3': 1 });
    expect(a.total).toBe(2);
    expect(a.previousTotal).toBe(1);
    const before = await answer(f.department, `${S}/that-nghiep?by=sex&year=${year - 1}`);
    expect(values(before)).toEqual({ female: 1 });
    expect(before.rows[0]!.previous).toBe(0);
  });

  it('a write shows in the next answer: added, moved to another employer, deleted', async () => {
    const url = `${S}/lao-dong-theo-don-vi-hanh-chinh?by=ward`;
    const id = await worker(f.businessA.id, 'male', year - 40);
    expect(values(await answer(f.department, url))[f.wards[0]]).toBe(7);
    await sql`update worker set business_id = ${f.businessB.id}::uuid where id = ${id}::uuid`.execute(t.database.db);
    const moved = values(await answer(f.department, url));
    expect([moved[f.wards[0]], moved[f.wards[1]]]).toEqual([6, 4]);
    await sql`update worker set deleted_at = now() where id = ${id}::uuid`.execute(t.database.db);
    expect(values(await answer(f.department, url))[f.wards[1]]).toBe(3);
  });

  it('the workbook: the figures and the methodology sheet', async () => {
    const res = await get(f.department, `${S}/that-nghiep/export?by=sex&year=${year}&ward=${f.wards[0]}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [figures, method] = book.worksheets;
    const cells = (ws: ExcelJS.Worksheet) =>
      ws.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1).map((c) => String(c ?? ''))] : []));
    const rows = cells(figures!);
    expect(rows[0]![0]).toBe('Thất nghiệp');
    expect(rows).toContainEqual(['Nam', '1', '0', '']);
    expect(rows).toContainEqual(['Nữ', '1', '0', '']);
    expect(rows.at(-1)!.slice(0, 3)).toEqual(['Tổng cộng', '2', '0']);
    const text = cells(method!).map((r) => r.join(' | '));
    expect(text.join('\n')).toMatch(/Nguồn/);
    expect(text.join('\n')).toMatch(/Xuân Hương/);
    expect(text.join('\n')).toMatch(/dưới 5/);
  });
});

describe('the public set', () => {
  it('suppresses counts below 5, gives no employer, and offers open data', async () => {
    const a = await answer(null, `/api/public/Statistics/co-cau-tuoi-gioi-tinh?by=ageBand`);
    expect(values(a)).toEqual({ '25-34': 5, '35-44': null, '45-54': null, '65+': null });
    expect(a.suppressed).toBe(true);
    expect(a.total).toBe(8);
    expect((await get(null, `/api/public/Statistics/lao-dong-theo-doanh-nghiep`)).statusCode).toBe(404);
    expect((await get(null, `/api/public/Statistics/tai-nan-va-su-co?by=employer`)).statusCode).toBe(400);
    const csv = await get(null, `/api/public/Statistics/co-cau-tuoi-gioi-tinh/open-data?by=ageBand&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('statistic,measure,year,ageBand,key,value,previous,as_of');
    expect(lines).toHaveLength(5);
    expect(lines.find((l) => l.includes(',35-44,'))).toContain(',<5,');
  });
});

describe('bad input', () => {
  it('answers 4xx with the error body', async () => {
    expect((await get(null, `${S}/co-cau-tuoi-gioi-tinh`)).statusCode).toBe(401);
    expect((await get(outsider, `${S}/co-cau-tuoi-gioi-tinh`)).statusCode).toBe(403);
    expect((await get(f.department, `${S}/khong-co`)).statusCode).toBe(404);
    const wrongBy = await get(f.department, `${S}/co-cau-tuoi-gioi-tinh?by=income`);
    expect(wrongBy.statusCode).toBe(400);
    expect(wrongBy.json().error.details[0].field).toBe('by');
    expect((await get(f.department, `${S}/co-cau-tuoi-gioi-tinh?measure=deaths`)).statusCode).toBe(400);
    expect((await get(f.department, `${S}/co-cau-tuoi-gioi-tinh?ward=abc`)).statusCode).toBe(400);
    expect((await get(f.department, `${S}/co-cau-tuoi-gioi-tinh?by=sex&by2=sex`)).statusCode).toBe(400);
    expect((await get(f.department, `${S}/co-cau-tuoi-gioi-tinh?filter=foo:bar`)).statusCode).toBe(400);
    expect((await get(f.department, `${S}/co-cau-tuoi-gioi-tinh?year=1800`)).statusCode).toBe(400);
  });
});
