import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FORMS, validateSubmission } from '@portal/domain/report-forms/index';
import { createTestApp, type TestApp } from '../support/app.ts';
import { caller } from '../support/calls.ts';
import { expectedRow, filingFixture, reportType, type FilingFixture } from './filing.fixtures.ts';

/**
 * The drafts' figures from the portal's registers: the labour-use change report from the worker register (every
 * column balances), the accident statistics by the form's rows from the declared accidents, the commune's report
 * from the accidents it declared for workers without a contract.
 */
let t: TestApp;
let f: FilingFixture;
let call: ReturnType<typeof caller>;
const R = '/api/Report';

async function open(who: FilingFixture['employerA'], form: string, filer = 'business', key?: string) {
  const type = await reportType(t, { form, filer, periodType: 'year' });
  const business = who === f.employerA ? f.businessA : f.businessB;
  await expectedRow(t, {
    typeId: type.id,
    kind: filer === 'business' ? 'business' : 'commune',
    key: key ?? business.id,
    businessId: filer === 'business' ? business.id : null,
    wardCode: filer === 'business' ? business.wardCode : key!,
    name: 'Đơn vị thử',
  });
  const res = await call(who, 'POST', `${R}/open-submission`, { reportTypeId: type.id, periodKey: '2025' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { values: Record<string, unknown>; registerValues: Record<string, unknown> };
}

async function accident(
  businessId: string | null,
  ward: string,
  kind: 'employer' | 'commune',
  occurredAt: string,
  victims: { female: boolean; severity: string; daysOff?: number; occupation?: string | null }[],
  reason?: string,
  element?: string,
) {
  const db = t.database.db;
  const unit = await sql<{ id: string }>`select id from unit where ${
    businessId ? sql`business_id = ${businessId}::uuid` : sql`kind = 'district' and local_unit_code = ${ward}`
  } limit 1`.execute(db);
  const seq = Math.floor(Math.random() * 1e6);
  const reasonId = reason
    ? (await sql<{ id: string }>`select id from accident_reason where code = ${reason}`.execute(db)).rows[0]?.id
    : null;
  const elementId = element
    ? (await sql<{ id: string }>`select id from injury_element where code = ${element}`.execute(db)).rows[0]?.id
    : null;
  const deaths = victims.filter((v) => v.severity === 'fatal').length;
  const a = await sql<{ id: string }>`insert into accident (code, code_year, code_sequence, business_id, ward_id,
      declared_by_unit_id, declarant_kind, occurred_at, place, description, severity, victim_count, death_count,
      serious_count, accident_reason_id, injury_element_id)
    values (${`T${seq}/2025`}, 2025, ${seq}, ${businessId}::uuid, ${ward}, ${unit.rows[0]!.id}::uuid, ${kind},
      ${occurredAt}, 'Nơi xảy ra', 'Mô tả', ${deaths ? 'fatal' : 'serious'}, ${victims.length}, ${deaths},
      ${victims.filter((v) => v.severity === 'serious').length}, ${reasonId ?? null}::uuid, ${elementId ?? null}::uuid)
    returning id`.execute(db);
  for (const [i, v] of victims.entries())
    await sql`insert into accident_victim (accident_id, position, full_name, female, severity, days_off, occupation_id)
      values (${a.rows[0]!.id}::uuid, ${i}, ${`Nạn nhân ${i}`}, ${v.female}, ${v.severity}, ${v.daysOff ?? 0},
        ${v.occupation ?? null}::uuid)`.execute(db);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await filingFixture(t);
  call = caller(t);
});
afterAll(async () => t?.close());

describe('figures from the registers', () => {
  it('fills the labour-use change report from the worker register, every column balanced', async () => {
    const contract = async (code: string) =>
      (await sql<{ id: string }>`select id from worker_contract_type where code = ${code}`.execute(t.database.db))
        .rows[0]?.id ?? null;
    const indefinite = await contract('KXDTH');
    const fixed = await contract('XDTH');
    // At the start of 2025: 3 (one left in March); 2 joined during the year (one left in October); at the end: 3.
    for (const [sex, birth, start, end, type] of [
      ['female', '1980-05-01', '2015-01-01', null, indefinite],
      ['male', '1995-05-01', '2020-01-01', null, fixed],
      ['male', '1970-05-01', '2010-01-01', '2025-03-15', indefinite],
      ['female', '2000-02-01', '2025-04-01', null, fixed],
      ['male', '1999-02-01', '2025-02-01', '2025-10-31', fixed],
      ['female', '1985-02-01', '2012-01-01', '2024-06-30', indefinite],
    ] as const)
      await sql`insert into worker (business_id, full_name, sex, birth_date, start_date, end_date, contract_type_id)
        values (${f.businessB.id}::uuid, 'Người lao động', ${sex}, ${birth}::date, ${start}::date, ${end}::date,
          ${type}::uuid)`.execute(t.database.db);
    const d = await open(f.employerB, 'labour-change');
    const labour = d.values.labour as Record<string, number | null>[];
    const [start, increase, decrease, end] = labour;
    expect(start).toMatchObject({ total: 3, female: 1, over35: 2, indefinite: 2, fixedTerm: 1 });
    expect(increase).toMatchObject({ total: 2, female: 1, over35: 0, indefinite: 0, fixedTerm: 2 });
    expect(decrease).toMatchObject({ total: 2, female: 0, over35: 1, indefinite: 1, fixedTerm: 1 });
    expect(end).toMatchObject({ total: 3, female: 2, over35: 1, indefinite: 1, fixedTerm: 2 });
    for (const c of ['total', 'female', 'over35', 'indefinite', 'fixedTerm'])
      expect(end![c]).toBe(start![c]! + increase![c]! - decrease![c]!);
    expect(d.registerValues['labour.3.total']).toBe(3);
    // Skill level and position are the filer's: the form asks for them before it can be filed.
    const check = validateSubmission(REPORT_FORMS.latest('labour-change')!, d.values, 'vi');
    expect(check.errors.some((e) => e.code === 'check:qualificationSum')).toBe(true);
  });

  it('fills the accident statistics by the form’s cause and factor rows and by occupation', async () => {
    const occupation = (
      await sql<{ id: string; name: string }>`select id, name from type_of_profession where deleted_at is null
        order by code limit 1`.execute(t.database.db)
    ).rows[0];
    await accident(
      f.businessA.id,
      f.wards[0],
      'employer',
      '2025-03-10T03:00:00Z',
      [
        { female: true, severity: 'serious', daysOff: 12, occupation: occupation?.id ?? null },
        { female: false, severity: 'fatal', occupation: occupation?.id ?? null },
      ],
      'NN04',
      'YT01',
    );
    await accident(f.businessA.id, f.wards[0], 'employer', '2025-11-02T03:00:00Z', [
      { female: false, severity: 'light', daysOff: 3 },
    ]);
    // Outside the period: not counted.
    await accident(f.businessA.id, f.wards[0], 'employer', '2024-12-31T16:30:00Z', [
      { female: true, severity: 'light' },
    ]);
    const d = await open(f.employerA, 'accident-statistics');
    const byCause = d.values.s1ByCause as Record<string, number | null>[];
    // Cause 4 (training), row 9 for the accident without a reason.
    expect(byCause[3]).toMatchObject({
      accidents: 1,
      fatalAccidents: 1,
      victims: 2,
      femaleVictims: 1,
      deaths: 1,
      daysOff: 12,
    });
    expect(byCause[8]).toMatchObject({ accidents: 1, victims: 1, deaths: 0, daysOff: 3 });
    expect(byCause[0]).toMatchObject({ accidents: 0, victims: 0 });
    const byFactor = d.values.s1ByFactor as Record<string, number | null>[];
    expect(byFactor[0]).toMatchObject({ victims: 2 }); // electricity
    expect(byFactor[9]).toMatchObject({ victims: 1 }); // other
    const occupations = d.values.s1ByOccupation as Record<string, unknown>[];
    expect(occupations.map((o) => o.victims).sort()).toEqual([1, 2]);
    if (occupation) expect(occupations.find((o) => o.victims === 2)?.occupationName).toBe(occupation.name);
    expect(d.values).toMatchObject({ total_victims: 3, total_deaths: 1 });
    // The breakdowns agree with each other: the register's figures pass the form's checks.
    const check = validateSubmission(REPORT_FORMS.latest('accident-statistics')!, d.values, 'vi');
    expect(check.errors.filter((e) => e.code?.startsWith('check:'))).toEqual([]);
  });

  it('fills the commune’s report from the accidents it declared for workers without a contract', async () => {
    await accident(null, f.wards[1], 'commune', '2025-06-01T03:00:00Z', [
      { female: true, severity: 'serious' },
      { female: false, severity: 'fatal' },
    ]);
    // An employer's accident in the same ward is not the commune's to report.
    await accident(f.businessB.id, f.wards[1], 'employer', '2025-06-02T03:00:00Z', [
      { female: false, severity: 'fatal' },
    ]);
    const d = await open(f.districtB, 'commune-osh', 'commune', f.wards[1]);
    expect(d.values).toMatchObject({
      accidents: 1,
      fatalAccidents: 1,
      victims: 2,
      femaleVictims: 1,
      deaths: 1,
      seriousInjuries: 1,
    });
  });
});
