import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodDueOn } from '@portal/domain/accidents/statistics/index';
import { clock } from '../src/platform/clock/index.ts';
import { scopeFixture, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { readPdf } from './support/pdf.ts';
import { documentFonts } from '../src/platform/documents/fonts.ts';

/**
 * Accident statistics through the API: an employer's Appendix XII report of a half-year pre-filled from its
 * declarations (a hand-computed fixture: per section, cause, injury factor and occupation, counts and losses),
 * losses completed by hand and by the worker-list import, submitted, returned by the department and submitted
 * again; the department's aggregation and the employers not reported; the PDF read back; the scope of each side;
 * and the specialised summary reports (lines, imports by facility type, PDF).
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
const S = '/api/AccidentStatistical';
const R = '/api/AccidentSpecializeReport';
const PERMISSIONS = ['read', 'create', 'update', 'delete', 'import', 'export'].flatMap((a) => [
  `AccidentStatistical.${a}`,
  `AccidentSpecializeReport.${a}`,
  `FacilityType.${a}`,
]);

const ids: Record<string, string> = {};
let serial = 0;

/** A live declaration of `businessId` (rows as the accidents module stores them), with its victims. */
async function accident(
  businessId: string,
  unitId: string,
  at: string,
  a: { cause: string; factor: string; allowance?: boolean; property?: number; other?: number; deleted?: boolean },
  victims: {
    name: string;
    female?: boolean;
    occupation: string;
    severity: 'light' | 'serious' | 'fatal';
    outside?: boolean;
    days: number;
    medical: number;
    wage: number;
    compensation: number;
  }[],
): Promise<string> {
  serial += 1;
  const severity = victims.some((v) => v.severity === 'fatal')
    ? 'fatal'
    : victims.some((v) => v.severity === 'serious')
      ? 'serious'
      : 'light';
  const row = await sql<{ id: string }>`insert into accident (code, code_year, code_sequence, business_id, ward_id,
      declared_by_unit_id, declarant_kind, occurred_at, place, description, severity, victim_count, death_count,
      serious_count, accident_reason_id, injury_element_id, allowance_case, property_damage, other_cost, deleted_at)
    values (${`TN-T-${serial}`}, 2090, ${serial}, ${businessId}::uuid, null, ${unitId}::uuid, 'employer',
      ${at}::timestamptz, 'Xưởng', 'Mô tả', ${severity}, ${victims.length},
      ${victims.filter((v) => v.severity === 'fatal').length}, ${victims.filter((v) => v.severity === 'serious').length},
      ${a.cause}::uuid, ${a.factor}::uuid, ${a.allowance ?? false}, ${a.property ?? 0}, ${a.other ?? 0},
      ${a.deleted ? sql`now()` : sql`null`})
    returning id`.execute(t.database.db);
  const id = row.rows[0]!.id;
  let position = 0;
  for (const v of victims) {
    position += 1;
    await sql`insert into accident_victim (accident_id, position, full_name, female, occupation_id, severity,
        under_management, days_off, medical_cost, wage_cost, compensation_cost)
      values (${id}::uuid, ${position}, ${v.name}, ${v.female ?? false}, ${v.occupation}::uuid, ${v.severity},
        ${!v.outside}, ${v.days}, ${v.medical}, ${v.wage}, ${v.compensation})`.execute(t.database.db);
  }
  return id;
}

async function call(as: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    ...(as ? { headers: as.headers } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

interface Row {
  section: number;
  dimension: string;
  keyId: string | null;
  [k: string]: unknown;
}
const rowOf = (rows: Row[], section: number, dimension: string, keyId: string | null) =>
  rows.find((r) => r.section === section && r.dimension === dimension && r.keyId === keyId);

let reportA: string;

beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
  const db = t.database.db;
  const pick = async (table: string, n: number) =>
    (
      await sql<{
        id: string;
      }>`select id from ${sql.table(table)} where deleted_at is null order by code limit ${n}`.execute(db)
    ).rows.map((r) => r.id);
  const [c1, c2] = await pick('accident_reason', 2);
  const [f1, f2] = await pick('injury_element', 2);
  Object.assign(ids, { c1: c1!, c2: c2!, f1: f1!, f2: f2! });
  for (const code of ['TST-O1', 'TST-O2'])
    ids[code] = (
      await sql<{ id: string }>`insert into type_of_profession (code, name) values (${code}, ${`Nghề ${code}`})
        returning id`.execute(db)
    ).rows[0]!.id;
  const [o1, o2] = [ids['TST-O1']!, ids['TST-O2']!];
  const A = f.businessA;
  const unitA = (await sql<{ id: string }>`select id from unit where business_id = ${A.id}::uuid`.execute(db)).rows[0]!
    .id;
  const unitB = (await sql<{ id: string }>`select id from unit where business_id = ${f.businessB.id}::uuid`.execute(db))
    .rows[0]!.id;
  // A1: cause 1, factor 1; a woman died, a man seriously injured (two victims), property damage and other costs.
  await accident(
    A.id,
    unitA,
    '2025-02-10T08:00:00+07:00',
    { cause: ids.c1!, factor: ids.f1!, property: 5_000_000, other: 1_000_000 },
    [
      {
        name: 'Nguyễn Thị Lan',
        female: true,
        occupation: o1,
        severity: 'fatal',
        days: 0,
        medical: 10_000_000,
        wage: 0,
        compensation: 200_000_000,
      },
      {
        name: 'Trần Văn Minh',
        occupation: o2,
        severity: 'serious',
        days: 30,
        medical: 20_000_000,
        wage: 6_000_000,
        compensation: 0,
      },
    ],
  );
  // A2: cause 2, factor 1; a light injury to a worker not under the employer's management.
  await accident(A.id, unitA, '2025-03-15T09:00:00+07:00', { cause: ids.c2!, factor: ids.f1! }, [
    {
      name: 'Lê Văn Hùng',
      occupation: o1,
      severity: 'light',
      outside: true,
      days: 5,
      medical: 1_000_000,
      wage: 500_000,
      compensation: 0,
    },
  ]);
  // A3: on the way to work (section 2), at 23:30 on 30 June Vietnam time — still the first half-year.
  await accident(A.id, unitA, '2025-06-30T23:30:00+07:00', { cause: ids.c1!, factor: ids.f2!, allowance: true }, [
    {
      name: 'Phạm Thị Hoa',
      female: true,
      occupation: o2,
      severity: 'serious',
      days: 20,
      medical: 3_000_000,
      wage: 2_000_000,
      compensation: 1_000_000,
    },
  ]);
  // Not in A's half-year: 1 July (the year's report only), a deleted declaration, and employer B's accident.
  await accident(A.id, unitA, '2025-07-01T00:30:00+07:00', { cause: ids.c2!, factor: ids.f2! }, [
    { name: 'Đỗ Văn Tâm', occupation: o1, severity: 'light', days: 2, medical: 100_000, wage: 0, compensation: 0 },
  ]);
  await accident(A.id, unitA, '2025-04-01T08:00:00+07:00', { cause: ids.c1!, factor: ids.f1!, deleted: true }, [
    { name: 'Khai báo đã xóa', occupation: o1, severity: 'fatal', days: 0, medical: 0, wage: 0, compensation: 0 },
  ]);
  await accident(f.businessB.id, unitB, '2025-04-01T08:00:00+07:00', { cause: ids.c1!, factor: ids.f1! }, [
    { name: 'Người của B', occupation: o1, severity: 'light', days: 1, medical: 0, wage: 0, compensation: 0 },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('the six-month report pre-filled from the declarations (hand-computed Appendix XII)', () => {
  it('creates the report with its deadline in force and copies the period’s victims', async () => {
    const res = await call(f.employerA, 'POST', `${S}/accidentStatisticals`, {
      code: '12/BC-TNLD',
      year: 2025,
      period: 'halfYear',
      totalWorkers: 120,
      femaleWorkers: 45,
      wageFund: 9_000_000_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    reportA = report.id;
    // Decree 39 Art 24: before 5 July — the LegalDeadline row counts 4 days from 30 June.
    expect(report).toMatchObject({
      status: 'draft',
      dueDate: '2025-07-04',
      code: '12/BC-TNLD',
      businessId: f.businessA.id,
      accidentCount: 3,
      victimCount: 4,
      deathCount: 1,
    });
    const again = await call(f.employerA, 'POST', `${S}/accidentStatisticals`, {
      code: '13/BC-TNLD',
      year: 2025,
      period: 'halfYear',
    });
    expect(again.statusCode).toBe(409);
    const future = await call(f.employerA, 'POST', `${S}/accidentStatisticals`, {
      code: '14/BC-TNLD',
      year: 2099,
      period: 'year',
    });
    expect(future.statusCode).toBe(400);
  });

  it('computes sections 1 and 2 and the breakdowns by cause, factor and occupation', async () => {
    const res = await call(f.employerA, 'GET', `${S}/get-report/${reportA}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as { victims: { fullName: string }[]; rows: Row[]; actions: string[] };
    expect(view.victims.map((v) => v.fullName)).toEqual([
      'Nguyễn Thị Lan',
      'Trần Văn Minh',
      'Lê Văn Hùng',
      'Phạm Thị Hoa',
    ]);
    expect(view.actions).toEqual(['edit', 'prefill', 'submit']);
    const o1 = ids['TST-O1']!;
    const o2 = ids['TST-O2']!;
    // Section 1 total: A1 + A2.
    expect(rowOf(view.rows, 1, 'total', null)).toMatchObject({
      accidents: 2,
      fatalAccidents: 1,
      multiVictimAccidents: 1,
      victims: 3,
      femaleVictims: 1,
      deaths: 1,
      seriousInjuries: 1,
      outsideVictims: 1,
      outsideFemale: 0,
      outsideDeaths: 0,
      outsideSerious: 0,
      daysOff: 35,
      medicalCost: 31_000_000,
      wageCost: 6_500_000,
      compensationCost: 200_000_000,
      otherCost: 1_000_000,
      totalCost: 238_500_000,
      propertyDamage: 5_000_000,
    });
    expect(rowOf(view.rows, 1, 'cause', ids.c1!)).toMatchObject({
      accidents: 1,
      fatalAccidents: 1,
      victims: 2,
      deaths: 1,
      seriousInjuries: 1,
      daysOff: 30,
      totalCost: 237_000_000,
      propertyDamage: 5_000_000,
    });
    expect(rowOf(view.rows, 1, 'cause', ids.c2!)).toMatchObject({
      accidents: 1,
      fatalAccidents: 0,
      victims: 1,
      outsideVictims: 1,
      daysOff: 5,
      totalCost: 1_500_000,
      propertyDamage: 0,
    });
    expect(rowOf(view.rows, 1, 'factor', ids.f1!)).toMatchObject({ accidents: 2, victims: 3, totalCost: 238_500_000 });
    expect(rowOf(view.rows, 1, 'factor', ids.f2!)).toBeUndefined();
    // By occupation: an accident counts in each occupation of its victims; its own facts (fatal, ≥2 victims, damage) go along.
    expect(rowOf(view.rows, 1, 'occupation', o1)).toMatchObject({
      accidents: 2,
      fatalAccidents: 1,
      multiVictimAccidents: 1,
      victims: 2,
      femaleVictims: 1,
      deaths: 1,
      seriousInjuries: 0,
      outsideVictims: 1,
      daysOff: 5,
      medicalCost: 11_000_000,
      totalCost: 212_500_000,
      propertyDamage: 5_000_000,
    });
    expect(rowOf(view.rows, 1, 'occupation', o2)).toMatchObject({
      accidents: 1,
      victims: 1,
      deaths: 0,
      seriousInjuries: 1,
      daysOff: 30,
      totalCost: 27_000_000,
    });
    // Section 2: the accident on the way to work.
    expect(rowOf(view.rows, 2, 'total', null)).toMatchObject({
      accidents: 1,
      victims: 1,
      femaleVictims: 1,
      seriousInjuries: 1,
      daysOff: 20,
      totalCost: 6_000_000,
    });
  });

  it('takes the losses the employer completes, keeps them on a refill, and imports them from the worker list', async () => {
    const view = (await call(f.employerA, 'GET', `${S}/get-report/${reportA}`)).json() as {
      victims: {
        id: string;
        fullName: string;
        daysOff: number;
        medicalCost: number;
        wageCost: number;
        compensationCost: number;
      }[];
    };
    const hung = view.victims.find((v) => v.fullName === 'Lê Văn Hùng')!;
    const res = await call(f.employerA, 'PUT', `${S}/update-losses/${reportA}`, {
      victims: [{ id: hung.id, daysOff: 7, medicalCost: 1_000_000, wageCost: 700_000, compensationCost: 0 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(rowOf(res.json().rows, 1, 'cause', ids.c2!)).toMatchObject({ daysOff: 7, totalCost: 1_700_000 });
    const bad = await call(f.employerA, 'PUT', `${S}/update-losses/${reportA}`, {
      victims: [{ id: hung.id, daysOff: -1, medicalCost: 0, wageCost: 0, compensationCost: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    const refilled = await call(f.employerA, 'POST', `${S}/prefill/${reportA}`);
    expect(refilled.statusCode, refilled.body).toBe(200);
    expect(rowOf(refilled.json().rows, 1, 'total', null)).toMatchObject({ daysOff: 37 });

    // The worker list: exported with the report's victims, the losses imported back by accident number and name.
    const exported = await call(f.employerA, 'GET', `${S}/export-excel?accidentStatisticalId=${reportA}`);
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect(String(sheet.getRow(1).getCell(3).value)).toBe('Họ và tên');
    const code = String(sheet.getRow(3).getCell(1).value);
    expect(String(sheet.getRow(3).getCell(3).value)).toBe('Trần Văn Minh');
    const rows = [
      { accidentCode: code, fullName: 'trần văn minh', daysOff: 31 },
      { accidentCode: code, fullName: 'Không có tên này', daysOff: 3 },
    ];
    const dry = await call(
      f.employerA,
      'POST',
      `${S}/import-accident-injury-from-json?accidentStatisticalId=${reportA}&dryRun=true`,
      rows,
    );
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([true, false]);
    const unchanged = (await call(f.employerA, 'GET', `${S}/get-report/${reportA}`)).json();
    expect(rowOf(unchanged.rows, 1, 'total', null)).toMatchObject({ daysOff: 37 });
    const saved = await call(
      f.employerA,
      'POST',
      `${S}/import-accident-injury-from-json?accidentStatisticalId=${reportA}`,
      rows,
    );
    expect(saved.statusCode).toBe(200);
    const after = (await call(f.employerA, 'GET', `${S}/get-report/${reportA}`)).json();
    // Trần Văn Minh 30 → 31 days; his other losses kept.
    expect(rowOf(after.rows, 1, 'total', null)).toMatchObject({ daysOff: 38, medicalCost: 31_000_000 });
    const template = await call(f.employerA, 'GET', `${S}/generate-template-accident-injury`);
    expect(template.statusCode).toBe(200);
  });
});

describe('scope: an employer sees only its reports, the department all, the public nothing', () => {
  it('hides the report from another employer, another commune and the public', async () => {
    expect((await call(f.employerB, 'GET', `${S}/get-report/${reportA}`)).statusCode).toBe(404);
    expect((await call(f.employerB, 'GET', `${S}/accidentStatisticals/${reportA}`)).statusCode).toBe(404);
    expect((await call(f.employerB, 'PUT', `${S}/update-losses/${reportA}`, { victims: [] })).statusCode).toBe(404);
    expect((await call(f.employerB, 'POST', `${S}/submit/${reportA}`)).statusCode).toBe(404);
    expect((await call(f.employerB, 'GET', `${S}/pdf/${reportA}`)).statusCode).toBe(404);
    expect((await call(f.employerB, 'GET', `${S}/export-excel?accidentStatisticalId=${reportA}`)).statusCode).toBe(404);
    const listB = (await call(f.employerB, 'GET', `${S}/accidentStatisticals?pageSize=50`)).json();
    expect(listB.pageLists.map((r: { id: string }) => r.id)).not.toContain(reportA);
    expect((await call(f.districtB, 'GET', `${S}/get-report/${reportA}`)).statusCode).toBe(404);
    expect((await call(f.districtA, 'GET', `${S}/get-report/${reportA}`)).statusCode).toBe(200);
    expect((await call(f.department, 'GET', `${S}/get-report/${reportA}`)).statusCode).toBe(200);
    for (const url of [
      `${S}/get-report/${reportA}`,
      `${S}/get-summary?year=2025&period=halfYear`,
      `${S}/pdf/${reportA}`,
    ])
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    // An employer's own aggregation is its own reports only; it cannot file for another employer.
    const forB = await call(f.employerA, 'POST', `${S}/accidentStatisticals`, {
      code: '01/BC-TNLD',
      businessId: f.businessB.id,
      year: 2024,
      period: 'year',
    });
    expect(forB.statusCode, forB.body).toBe(201);
    expect(forB.json().businessId).toBe(f.businessA.id);
  });
});

describe('workflow: submit, read-only, returned with a reason, submitted again', () => {
  it('locks the submitted report and lets only the department return it', async () => {
    const early = await call(f.department, 'POST', `${S}/return/${reportA}`, { reason: 'Chưa nộp' });
    expect([early.statusCode, early.json().error.code]).toEqual([409, 'NOT_SUBMITTED']);
    const submitted = await call(f.employerA, 'POST', `${S}/submit/${reportA}`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().report.status).toBe('submitted');
    expect(submitted.json().actions).toEqual([]);
    const twice = await call(f.employerA, 'POST', `${S}/submit/${reportA}`);
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'REPORT_SUBMITTED']);
    const byFiler = await call(f.employerA, 'POST', `${S}/return/${reportA}`, { reason: 'Thiếu' });
    expect(byFiler.json().error.code).toBe('FORBIDDEN');
    expect((await call(f.department, 'GET', `${S}/get-report/${reportA}`)).json().actions).toEqual(['return']);
    const edit = await call(f.employerA, 'PUT', `${S}/accidentStatisticals/${reportA}`, {
      code: '12/BC-TNLD',
      year: 2025,
      period: 'halfYear',
      totalWorkers: 121,
    });
    expect(edit.statusCode).toBe(409);
    expect((await call(f.employerA, 'PUT', `${S}/update-losses/${reportA}`, { victims: [] })).statusCode).toBe(409);
    expect((await call(f.employerA, 'POST', `${S}/delete-accident-statisticals`, [reportA])).statusCode).toBe(409);
    expect((await call(f.employerA, 'POST', `${S}/return/${reportA}`, { reason: 'Thiếu' })).statusCode).toBe(403);
    expect((await call(f.department, 'POST', `${S}/return/${reportA}`, { reason: '' })).statusCode).toBe(400);
    const returned = await call(f.department, 'POST', `${S}/return/${reportA}`, { reason: 'Thiếu số ngày nghỉ' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().report).toMatchObject({ status: 'returned', returnReason: 'Thiếu số ngày nghỉ' });
    const told = await sql<{ n: number }>`select count(*)::int as n from notification
      where kind = 'accidentStatisticsReturned'`.execute(t.database.db);
    expect(told.rows[0]!.n).toBeGreaterThan(0);
    expect((await call(f.employerA, 'GET', `${S}/get-report/${reportA}`)).json().actions).toEqual([
      'edit',
      'prefill',
      'submit',
    ]);
    const again = await call(f.employerA, 'POST', `${S}/submit/${reportA}`);
    expect(again.json().report.status).toBe('submitted');
  });
});

describe("the department's aggregation and the employers not reported", () => {
  it('adds up the submitted reports by cause, factor, occupation, commune and sector', async () => {
    const causes = await call(f.department, 'GET', `${S}/get-summary?year=2025&period=halfYear&dimension=cause`);
    expect(causes.statusCode, causes.body).toBe(200);
    const s = causes.json();
    expect(s.submitted).toBe(1);
    expect(s.dueDate).toBe('2025-07-04');
    const section = (n: number) => s.sections.find((x: { section: number }) => x.section === n).figures;
    expect(section(1)).toMatchObject({ accidents: 2, victims: 3, daysOff: 38 });
    expect(section(2)).toMatchObject({ accidents: 1, victims: 1, daysOff: 20 });
    expect(section(3)).toMatchObject({
      accidents: 3,
      victims: 4,
      femaleVictims: 2,
      deaths: 1,
      seriousInjuries: 2,
      daysOff: 58,
    });
    const c1 = s.rows.find((r: { keyId: string }) => r.keyId === ids.c1);
    // Cause 1 over sections 1 and 2: A1 and A3.
    expect(c1).toMatchObject({ accidents: 2, victims: 3, reports: 1 });
    const sec1 = (
      await call(f.department, 'GET', `${S}/get-summary?year=2025&period=halfYear&dimension=cause&section=1`)
    ).json();
    expect(sec1.rows.find((r: { keyId: string }) => r.keyId === ids.c1)).toMatchObject({ accidents: 1, victims: 2 });
    const occupations = (
      await call(f.department, 'GET', `${S}/get-summary?year=2025&period=halfYear&dimension=occupation`)
    ).json();
    expect(occupations.rows.find((r: { keyId: string }) => r.keyId === ids['TST-O2'])).toMatchObject({
      victims: 2,
      seriousInjuries: 2,
    });
    const wards = (await call(f.department, 'GET', `${S}/get-summary?year=2025&period=halfYear&dimension=ward`)).json();
    expect(wards.rows).toEqual([expect.objectContaining({ keyId: f.wards[0], accidents: 3, victims: 4 })]);
    const sectors = await call(f.department, 'GET', `${S}/get-summary?year=2025&period=halfYear&dimension=sector`);
    expect(sectors.statusCode).toBe(200);
    expect(sectors.json().rows[0]).toMatchObject({ keyId: null, victims: 4 });
    // The commune of employer B sees none of A's figures.
    const other = (await call(f.districtB, 'GET', `${S}/get-summary?year=2025&period=halfYear&dimension=cause`)).json();
    expect(other.submitted).toBe(0);
    expect(other.rows).toEqual([]);
    expect((await call(f.department, 'GET', `${S}/get-summary?year=2025&period=month`)).statusCode).toBe(400);
  });

  it('lists the employers in scope without a submitted report, with their draft if any', async () => {
    const draftB = await call(f.employerB, 'POST', `${S}/accidentStatisticals`, {
      code: 'B-01',
      year: 2025,
      period: 'halfYear',
    });
    expect(draftB.statusCode).toBe(201);
    // "No accidents" is a normal report: B's has its one accident; a report with none has only zero rows.
    expect(draftB.json()).toMatchObject({ accidentCount: 1, totalWorkers: 0 });
    const list = (
      await call(f.department, 'GET', `${S}/get-paging-not-reported?year=2025&period=halfYear&pageSize=200`)
    ).json();
    const businesses = list.pageLists.map((r: { businessId: string }) => r.businessId);
    expect(businesses).toContain(f.businessB.id);
    expect(businesses).not.toContain(f.businessA.id);
    expect(list.pageLists.find((r: { businessId: string }) => r.businessId === f.businessB.id)).toMatchObject({
      reportId: draftB.json().id,
      reportStatus: 'draft',
    });
    const communeA = (await call(f.districtA, 'GET', `${S}/get-paging-not-reported?year=2025&period=halfYear`)).json();
    expect(communeA.pageLists.map((r: { businessId: string }) => r.businessId)).not.toContain(f.businessB.id);
  });
});

describe('workspace tasks', () => {
  it('asks the employer for the report falling due and counts the employers late for the department', async () => {
    const due = periodDueOn(clock.today());
    const tasks = async (as: Session) =>
      (await call(as, 'GET', '/api/Workspace/tasks')).json().tasks as { key: string; count: number; link: string }[];
    const mine = (await tasks(f.employerA)).find((x) => x.key === 'accidents.statisticsDue');
    expect(mine).toMatchObject({ count: 1 });
    // The list filters a year as a range (it is a number filter): the link opens exactly that period.
    expect(mine!.link).toContain(`yearFrom=${due.year}&yearTo=${due.year}&period=${due.period}`);
    const summary = (await call(f.department, 'GET', `${S}/get-summary?year=${due.year}&period=${due.period}`)).json();
    const late = (await tasks(f.department)).find((x) => x.key === 'accidents.statisticsNotReported');
    // Neither test employer has submitted that period's report: both count once the deadline in force has passed.
    expect(late?.count ?? 0).toBe(clock.today() > summary.dueDate ? 2 : 0);
    expect((await tasks(f.department)).find((x) => x.key === 'accidents.statisticsDue')).toBeUndefined();
  });
});

describe('the Appendix XII PDF', () => {
  it('prints the header, the sections and the breakdowns with their numbers', async () => {
    const res = await call(f.employerA, 'GET', `${S}/pdf/${reportA}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(res.rawPayload);
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('BÁO CÁO TÌNH HÌNH TAI NẠN LAO ĐỘNG 6 tháng đầu năm NĂM 2025');
    expect(text).toContain('Số: 12/BC-TNLD');
    expect(text).toContain(f.businessA.code);
    expect(text).toContain('1.1 Phân theo nguyên nhân');
    expect(text).toContain('1.3 Phân theo nghề nghiệp');
    expect(text).toContain('Nghề TST-O1');
    // Section 1 costs in thousands after the losses completed above: medical 31 000, wages 6 700 (Lê Văn Hùng's
    // 500 → 700), compensation 200 000, other 1 000 → 238 700; the wage fund 9 000 000.
    expect(text).toContain('238.700');
    expect(text).toContain('9.000.000');
    expect(pdf.metadata.Title).toContain('BÁO CÁO TÌNH HÌNH TAI NẠN LAO ĐỘNG');
    // Every heading prints with glyphs the typeface has (no empty box for "≥"), and the year is never "2.025".
    expect(text).toContain('Vụ có từ 2 người bị nạn trở lên');
    const fonts = await documentFonts();
    expect([...pdf.text.replace(/\s/g, '')].filter((c) => !fonts.bold.hasGlyphForCodePoint(c.codePointAt(0)!))).toEqual(
      [],
    );
    expect(text).not.toContain('2.025');
  });
});

describe('the drop-downs of causes and injury factors', () => {
  it('list them by code, the order the statistics forms number them in', async () => {
    const db = t.database.db;
    for (const [table, extra] of [
      ['accident_reason', sql`, party`],
      ['injury_element', sql``],
    ] as const) {
      // A name order opposite to the code order.
      await sql`insert into ${sql.table(table)} (code, name ${extra})
        values ('TSTORD-1', 'Zz thứ tự cuối theo tên' ${table === 'accident_reason' ? sql`, 'other'` : sql``}),
          ('TSTORD-2', 'Aa thứ tự đầu theo tên' ${table === 'accident_reason' ? sql`, 'other'` : sql``})`.execute(db);
    }
    for (const url of [
      '/api/AccidentReason/get-combobox-accident-reason?take=500',
      '/api/InjuryElement/combobox?take=500',
    ]) {
      const res = await call(f.department, 'GET', url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      const codes = (res.json() as { code: string }[]).map((o) => o.code);
      expect(codes.indexOf('TSTORD-1'), url).toBeGreaterThanOrEqual(0);
      expect(codes.indexOf('TSTORD-1'), url).toBeLessThan(codes.indexOf('TSTORD-2'));
      const official = codes.filter((c) => /^(NN|YT)\d+$/.test(c));
      expect(official, url).toEqual([...official].sort());
    }
  });
});

describe('specialised summary reports', () => {
  let report: string;
  it('keeps a report’s lines by facility-type title, imports them by classification and prints them', async () => {
    const type = (await call(f.department, 'GET', `${R}/get-paging-type?pageSize=50`)).json().pageLists[0];
    expect(type).toBeTruthy();
    const created = await call(f.department, 'POST', `${R}/accidentSpecializeReports`, {
      code: 'BC-CN-01',
      name: 'Báo cáo tai nạn lao động ngành giao thông',
      typeId: type.id,
      year: 2025,
      period: 'year',
    });
    expect(created.statusCode, created.body).toBe(201);
    report = created.json().id;
    const lines = (await call(f.department, 'GET', `${R}/get-lines/${report}`)).json().lines as {
      titleId: string;
      titleCode: string;
      facilityTypeId: string;
      facilityTypeCode: string;
    }[];
    expect(lines.length).toBeGreaterThanOrEqual(6);
    const state = lines.find((l) => l.titleCode === 'CSSX-DN')!;
    const saved = await call(f.department, 'PUT', `${R}/update-lines/${report}`, {
      lines: [
        {
          titleId: state.titleId,
          accidents: 3,
          fatalAccidents: 1,
          victims: 4,
          deaths: 1,
          seriousInjuries: 2,
          daysOff: 40,
          totalCost: 12_345_000,
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const wrong = await call(f.department, 'PUT', `${R}/update-lines/${report}`, {
      lines: [{ titleId: state.titleId, accidents: 1, fatalAccidents: 2 }],
    });
    expect(wrong.statusCode).toBe(400);
    const vehicles = lines.find((l) => l.facilityTypeCode === 'PTVT')!.facilityTypeId;
    const rows = [
      { titleCode: 'PTVT-HK', accidents: 2, victims: 5, deaths: 2, totalCost: 50_000_000 },
      { titleCode: 'CSSX-TN', accidents: 1 },
    ];
    const imported = await call(
      f.department,
      'POST',
      `${R}/import-line-from-json?reportId=${report}&facilityTypeId=${vehicles}`,
      rows,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    // Only the vehicles' titles in this import.
    expect(imported.json().data.map((r: { isSuccess: boolean }) => r.isSuccess)).toEqual([true, false]);
    const after = (await call(f.department, 'GET', `${R}/get-lines/${report}?facilityTypeId=${vehicles}`)).json().lines;
    expect(after.find((l: { titleCode: string }) => l.titleCode === 'PTVT-HK')).toMatchObject({
      accidents: 2,
      victims: 5,
      filled: true,
    });
    const template = await call(f.department, 'GET', `${R}/generate-template-line?facilityTypeId=${vehicles}`);
    expect(template.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(3);

    const pdfRes = await call(f.department, 'GET', `${R}/pdf/${report}`);
    expect(pdfRes.statusCode, pdfRes.body).toBe(200);
    const text = (await readPdf(pdfRes.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('Báo cáo tai nạn lao động ngành giao thông');
    expect(text).toContain('Doanh nghiệp nhà nước');
    expect(text).toContain('Phương tiện chở hành khách');
    expect(text).toContain('12.345');
    // Total: 3 + 2 accidents, 4 + 5 victims, costs 12 345 + 50 000 thousand.
    expect(text).toMatch(/TỔNG CỘNG 5 1 9 3 2 40 62\.345/);
  });

  it('shows nothing to the public, and nothing of another report to a wrong id', async () => {
    expect((await call(null, 'GET', `${R}/get-lines/${report}`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `${R}/pdf/${report}`)).statusCode).toBe(401);
    expect((await call(f.department, 'GET', `${R}/pdf/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(404);
  });
});
