import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@portal/domain/i18n';
import { DEMO_BUSINESSES, DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { clock } from '../src/platform/clock/index.ts';
import { signIn, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller } from './support/calls.ts';

/**
 * The import checks every unique key against the stored records and within the file, a key of several fields too
 * (an OSH cost's item and year, per employer): a row repeating a stored record's item and year under a new code is
 * refused on its own, in the dry run and the real run alike, and the other rows are stored (never a 409 for the
 * whole file); a row repeating another row's item and year is a duplicate in the file; another employer's same
 * item and year is its own; a row matched by its code never clashes with its own record.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let coffee: Session;
let flowers: Session;
let department: Session;
const thisYear = Number(clock.today().slice(0, 4));
const IMPORT = '/api/SafetyCost/import-safety-cost-from-json';

interface ResultRow {
  code: string;
  isSuccess: boolean;
  action: 'create' | 'update' | null;
  errors: { field: string; message: string; code?: string }[];
}

async function importFile(as: Session, rows: Record<string, unknown>[], dryRun: boolean, lang = 'vi') {
  const res = await t.request({
    method: 'POST',
    url: `${IMPORT}${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...as.headers, 'accept-language': lang },
    payload: rows,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ResultRow[];
}

/** An employer's stored costs: code → item/year/amount. */
async function stored(businessCode: string) {
  const rows = await sql<{ code: string; item: string; year: string; amount: string }>`
    select c.code, c.item, c.year::text as year, c.amount::text as amount from safety_cost c
    join business b on b.id = c.business_id
    where c.deleted_at is null and lower(b.code) = lower(${businessCode})`.execute(t.database.db);
  return new Map(rows.rows.map((r) => [r.code, r]));
}

let coffeeCode: string;
let flowersCode: string;
/** The codes of the coffee employer's stored PPE and training costs of this year (demo data). */
let ppeCode: string;
let trainingCode: string;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  call = caller(t);
  [coffee, flowers, department] = await Promise.all([
    signIn(t, { userName: 'dn.caudatxanh', password: DEMO_PASSWORD }),
    signIn(t, { userName: 'dn.rauhoa', password: DEMO_PASSWORD }),
    signIn(t, { userName: 'canbo.so', password: DEMO_PASSWORD }),
  ]);
  // dn.caudatxanh is the first demo employer's, dn.rauhoa the second's.
  coffeeCode = DEMO_BUSINESSES[0]!.code;
  flowersCode = DEMO_BUSINESSES[1]!.code;
  const costs = [...(await stored(coffeeCode)).values()].filter((r) => r.year === String(thisYear));
  ppeCode = costs.find((r) => r.item === 'ppe')?.code ?? '';
  trainingCode = costs.find((r) => r.item === 'training')?.code ?? '';
  expect([ppeCode, trainingCode].every(Boolean), 'demo PPE and training costs of this year').toBe(true);
  // Neither demo employer has accident costs: the rows below add them.
  for (const code of [coffeeCode, flowersCode])
    expect([...(await stored(code)).values()].some((r) => r.item === 'accidentCosts')).toBe(false);
});
afterAll(async () => t?.close());

describe('import: unique keys of several fields', () => {
  const accidentLabel = translate('vi', 'catalog:areas.safetyCost.options.item.accidentCosts');
  const file = () => [
    // Row 2: the stored PPE cost of this year under a new code.
    { code: 'CP-NHAP-1', year: thisYear, item: 'ppe', amount: 1_000 },
    // Row 3: a new item and year.
    { code: 'CP-NHAP-2', year: thisYear, item: 'accidentCosts', amount: 2_000 },
    // Row 4: row 3's item (by its label) and year again, under yet another code.
    { code: 'CP-NHAP-3', year: String(thisYear), item: accidentLabel, amount: 3_000 },
    // Row 5: the stored training cost itself, by its code: an update of its own record, same item and year.
    { code: trainingCode, year: thisYear, item: 'training', amount: 4_000 },
  ];

  const expectVerdicts = (data: ResultRow[], lang: 'vi' | 'en') => {
    expect(data.map((r) => r.isSuccess)).toEqual([false, true, false, true]);
    const [clash, fresh, twin, own] = data;
    expect(clash!.errors).toEqual([expect.objectContaining({ field: 'year', code: 'duplicate' })]);
    expect(clash!.errors[0]!.message).toContain(lang === 'vi' ? 'đã tồn tại' : 'already exists');
    expect(clash!.errors[0]!.message).toContain(String(thisYear));
    expect(twin!.errors).toEqual([expect.objectContaining({ field: 'year', code: 'duplicate' })]);
    expect(twin!.errors[0]!.message).toBe(
      translate(lang, 'catalog:validation.duplicateInFile', {
        field: `${translate(lang, 'catalog:areas.safetyCost.fields.item')} / ${translate(lang, 'catalog:areas.safetyCost.fields.year')}`,
        value: `${translate(lang, 'catalog:areas.safetyCost.options.item.accidentCosts')} / ${thisYear}`,
        row: 3,
      }),
    );
    expect(fresh).toMatchObject({ action: 'create', errors: [] });
    expect(own).toMatchObject({ action: 'update', errors: [] });
  };

  it('refuses a stored item and year under a new code and a repeat in the file, in the dry run and the real run', async () => {
    const before = await stored(coffeeCode);
    expectVerdicts(await importFile(coffee, file(), true), 'vi');
    expectVerdicts(await importFile(coffee, file(), true, 'en'), 'en');
    expect(await stored(coffeeCode)).toEqual(before);

    // The real run gives the same verdicts and stores the valid rows (no 409 for the whole file).
    expectVerdicts(await importFile(coffee, file(), false), 'vi');
    const after = await stored(coffeeCode);
    expect(after.size).toBe(before.size + 1);
    expect(after.get('CP-NHAP-2')).toMatchObject({ item: 'accidentCosts', year: String(thisYear), amount: '2000' });
    expect(after.get(trainingCode)).toMatchObject({ item: 'training', amount: '4000' });
    expect(after.get(ppeCode)).toEqual(before.get(ppeCode));
    expect(after.has('CP-NHAP-1')).toBe(false);
    expect(after.has('CP-NHAP-3')).toBe(false);
  });

  it('takes the same item and year of another employer as its own', async () => {
    const rows = [
      { code: 'CP-NHAP-2', year: thisYear, item: 'accidentCosts', amount: 5_000 },
      { code: 'CP-NHAP-9', year: thisYear, item: 'ppe', amount: 6_000 },
    ];
    const data = await importFile(flowers, rows, false);
    // The flowers employer has a PPE cost this year too (demo data): the second row repeats it.
    expect(data[0]).toMatchObject({ isSuccess: true, action: 'create', errors: [] });
    expect(data[1]).toMatchObject({ isSuccess: false, errors: [expect.objectContaining({ field: 'year' })] });
    expect((await stored(flowersCode)).get('CP-NHAP-2')).toMatchObject({ item: 'accidentCosts', amount: '5000' });
  });

  it('checks each row against its own employer in a file of several employers', async () => {
    const data = await importFile(
      department,
      [
        { code: 'CP-SO-1', businessId: coffeeCode, year: thisYear, item: 'accidentCosts', amount: 7_000 },
        { code: 'CP-SO-1', businessId: flowersCode, year: thisYear, item: 'healthCheck', amount: 7_000 },
        { code: 'CP-SO-2', businessId: flowersCode, year: thisYear - 1, item: 'accidentCosts', amount: 7_000 },
        { code: 'CP-SO-3', businessId: coffeeCode, year: thisYear - 1, item: 'accidentCosts', amount: 7_000 },
      ],
      true,
    );
    expect(data.map((r) => r.isSuccess)).toEqual([false, false, true, true]);
    expect(data[0]!.errors).toEqual([expect.objectContaining({ field: 'year', code: 'duplicate' })]);
    expect(data[1]!.errors).toEqual([expect.objectContaining({ field: 'year', code: 'duplicate' })]);
  });

  it('updates without errors when the same file is sent again (rows matched by code)', async () => {
    const rows = [
      { code: 'CP-NHAP-2', year: thisYear, item: 'accidentCosts', amount: 2_500 },
      { code: trainingCode, year: thisYear, item: 'training', amount: 4_000 },
      { code: 'CP-NHAP-4', year: thisYear - 1, item: 'accidentCosts', amount: 8_000 },
    ];
    for (const dryRun of [true, false]) {
      const data = await importFile(coffee, rows, dryRun);
      expect(data.map((r) => [r.isSuccess, r.action, r.errors])).toEqual([
        [true, 'update', []],
        [true, 'update', []],
        [true, 'create', []],
      ]);
    }
    const again = await importFile(coffee, rows, false);
    expect(again.map((r) => [r.isSuccess, r.action, r.errors])).toEqual([
      [true, 'update', []],
      [true, 'update', []],
      [true, 'update', []],
    ]);
    const after = await stored(coffeeCode);
    expect(after.get('CP-NHAP-2')).toMatchObject({ amount: '2500' });
    expect(after.get('CP-NHAP-4')).toMatchObject({ year: String(thisYear - 1), amount: '8000' });
    // Through the list too: one accident cost of this year for the employer.
    const list = await call(coffee, 'GET', '/api/SafetyCost/safetyCosts', undefined, {
      item: 'accidentCosts',
      yearFrom: String(thisYear),
      yearTo: String(thisYear),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().totalRecord).toBe(1);
  });
});
