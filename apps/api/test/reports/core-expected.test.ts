import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin, type RawBuilder } from 'kysely';
import { expectationOf, type AssignmentRow } from '@portal/domain/reports/assignment';
import { catalogOperations } from '../../src/catalog/operations.ts';
import type { OpContext } from '../../src/catalog/context.ts';
import {
  openDuePeriods,
  openPeriod,
  reportTypeByCode,
  scheduleFor,
  type ReportType,
} from '../../src/modules/reports/index.ts';
import { reportsReferenceStep } from '../../src/modules/reports/seed.ts';
import { clock } from '../../src/platform/clock/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  createBusiness,
  createDistrictUnit,
  createUnit,
  scopeFixture,
  sessionWith,
  type Session,
} from '../support/accounts.ts';

/**
 * Periodic reports, the core: the seeded types and deadlines, the schedule of a period, who must report when a
 * period opens (set-based, idempotent, agreeing with the domain's rule), the changes recorded when assignments
 * change afterwards, the scopes of the lists, and bad input refused with nothing written.
 */
let t: TestApp;
let system: OpContext;
const types: Record<string, ReportType> = {};
const WARD_A = '2025:24781';
const WARD_B = '2025:24778';
// The annual report of this year (by the portal's clock): open, and not closed until April next year, so the
// changes below always reach it whatever day the suite runs.
const YEAR = String(Number(clock.today().slice(0, 4)));

const q = async <T>(query: RawBuilder<T>): Promise<T[]> => (await query.execute(t.database.db)).rows;
const count = async (table: string, where = sql`true`) =>
  (await q(sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`))[0]!.n;

async function sectorId(code: string): Promise<string> {
  return (await q(sql<{ id: string }>`select id::text as id from bussiness_sector where code = ${code}`))[0]!.id;
}

/** An employer with its size and sectors (first one main). */
async function employer(ward: string, employees: number, sectors: string[], status = 'active') {
  const b = await createBusiness(t, ward);
  await sql`update business set employee_count = ${employees}, status = ${status} where id = ${b.id}::uuid`.execute(
    t.database.db,
  );
  for (const [i, code] of sectors.entries())
    await sql`insert into business_sector_link (business_id, sector_id, is_main)
      values (${b.id}::uuid, ${await sectorId(code)}::uuid, ${i === 0})`.execute(t.database.db);
  return b;
}

const assignments = () => catalogOperations('reportAssignment');
let seq = 0;
const assign = (input: Record<string, unknown>) =>
  assignments().create(system, { code: `T-${++seq}`, validFrom: '2020-01-01', ...input });

interface OpenRun {
  id: string;
  status: string;
  total: number;
  done: number;
  result: { periodKey: string; opened: boolean; expected: number } | null;
  error: { code: string; message: string } | null;
}

/** Polls the opening of a period until it is over (made in this process once its request was answered). */
async function finished(who: Session, id: string): Promise<OpenRun> {
  for (let i = 0; i < 600; i++) {
    const res = await t.request({ url: `/api/Report/open-period/${id}`, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json() as OpenRun;
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`opening ${id} did not finish`);
}

const expectedKeys = async (typeId: string, periodKey: string) =>
  (
    await q(sql<{ reporter_key: string }>`select reporter_key from report_expected
      where report_type_id = ${typeId}::uuid and period_key = ${periodKey} and removed_at is null order by reporter_key`)
  ).map((r) => r.reporter_key);

beforeAll(async () => {
  t = await createTestApp();
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  for (const code of [
    'accident-statistics',
    'annual-osh',
    'commune-osh',
    'employment-centre',
    'labour-change',
    'safety-month-business',
    'safety-month-department',
  ])
    types[code] = (await reportTypeByCode(t.database.db, code))!;
});
afterAll(() => t.close());

describe('reference data', () => {
  it('seeds the seven report types with their deadlines, forms and the reminder steps', async () => {
    expect(Object.values(types).map((x) => [x.code, x.filer, x.periodType, x.shiftMonths, x.active])).toEqual([
      ['accident-statistics', 'business', 'halfYear', 0, true],
      ['annual-osh', 'business', 'year', 0, true],
      ['commune-osh', 'commune', 'year', 0, true],
      ['employment-centre', 'serviceCentre', 'halfYear', -1, true],
      ['labour-change', 'business', 'halfYear', -1, true],
      ['safety-month-business', 'business', 'year', -7, true],
      ['safety-month-department', 'department', 'year', -7, true],
    ]);
    expect(types['safety-month-business']!.formCode).toBe('safety-month-employer');
    const deadlines = await q(sql<{
      rule: string;
      amount: string;
      verified: boolean;
    }>`select rule, amount::text, verified
      from legal_deadline where rule like 'REPORT\\_%' and deleted_at is null order by rule`);
    expect(deadlines.map((d) => [d.rule, Number(d.amount), d.verified])).toEqual([
      ['REPORT_ACCIDENT_STATISTICS', 4, true],
      ['REPORT_ACCIDENT_STATISTICS.H2', 9, true],
      ['REPORT_ANNUAL_OSH', 9, false],
      ['REPORT_COMMUNE_OSH', 14, false],
      ['REPORT_EMPLOYMENT_CENTRE', 19, false],
      ['REPORT_LABOUR_CHANGE', 4, true],
      ['REPORT_SAFETY_MONTH_BUSINESS', 15, false],
      ['REPORT_SAFETY_MONTH_DEPARTMENT', 30, false],
    ]);
    const steps = await q(sql<{ days: number }>`select offset_days::int as days from report_reminder_step
      where deleted_at is null and active order by offset_days`);
    expect(steps.map((s) => s.days)).toEqual([-7, -1, 1, 15]);
  });

  it('runs again on every start without undoing the department’s edits', async () => {
    const type = types['annual-osh']!;
    await sql`update report_type set note = 'Ghi chú của Sở' where id = ${type.id}::uuid`.execute(t.database.db);
    await reportsReferenceStep.run({
      db: t.database.db,
      config: t.config,
      log: { info() {}, warn() {}, error() {} },
      announce() {},
    });
    expect((await reportTypeByCode(t.database.db, 'annual-osh'))!.note).toBe('Ghi chú của Sở');
    expect(await count('report_type', sql`deleted_at is null`)).toBe(7);
  });
});

describe('schedules', () => {
  const dates = async (code: string, key: string) => {
    const s = await scheduleFor(t.database.db, types[code]!, key);
    return [s.periodStart, s.periodEnd, s.opensOn, s.dueOn, s.deadlineRule];
  };

  it('counts the due day from the period’s end by the deadline in force (before 5 July, before 10 January…)', async () => {
    expect(await dates('accident-statistics', '2026-H1')).toEqual([
      '2026-01-01',
      '2026-06-30',
      '2026-06-16',
      '2026-07-04',
      'REPORT_ACCIDENT_STATISTICS',
    ]);
    // The second half-year is the yearly report, dated by its own rule.
    expect(await dates('accident-statistics', '2026-H2')).toEqual([
      '2026-07-01',
      '2026-12-31',
      '2026-12-17',
      '2027-01-09',
      'REPORT_ACCIDENT_STATISTICS.H2',
    ]);
    // Half-years ending 31 May and 30 November: due before 5 June and 5 December.
    expect(await dates('labour-change', '2026-H1')).toEqual([
      '2025-12-01',
      '2026-05-31',
      '2026-05-17',
      '2026-06-04',
      'REPORT_LABOUR_CHANGE',
    ]);
    expect((await dates('labour-change', '2026-H2')).slice(1, 4)).toEqual(['2026-11-30', '2026-11-16', '2026-12-04']);
    expect((await dates('employment-centre', '2026-H2'))[3]).toBe('2026-12-19');
    expect((await dates('annual-osh', '2025'))[3]).toBe('2026-01-09');
    // The action month's year ends with May.
    expect(await dates('safety-month-business', '2026')).toEqual([
      '2025-06-01',
      '2026-05-31',
      '2026-05-01',
      '2026-06-15',
      'REPORT_SAFETY_MONTH_BUSINESS',
    ]);
    const s = await scheduleFor(t.database.db, types['annual-osh']!, '2026');
    expect(s.closesOn).toBe('2027-04-10');
  });
});

describe('opening a period', () => {
  let food: Awaited<ReturnType<typeof employer>>;
  let builder: Awaited<ReturnType<typeof employer>>;
  let trader: Awaited<ReturnType<typeof employer>>;
  let closed: Awaited<ReturnType<typeof employer>>;
  let department: Session;

  beforeAll(async () => {
    // A food factory (division 10, under manufacturing C), a small builder (41, under F), a trader (46, under G),
    // and a closed factory.
    food = await employer(WARD_A, 30, ['10', '01']);
    builder = await employer(WARD_B, 5, ['41']);
    trader = await employer(WARD_A, 100, ['46']);
    closed = await employer(WARD_A, 80, ['10'], 'inactive');
    const annual = types['annual-osh']!.id;
    await assign({ reportTypeId: annual, kind: 'rule', sectorId: await sectorId('C') });
    await assign({ reportTypeId: annual, kind: 'rule', sectorId: await sectorId('F') });
    department = await sessionWith(t, {
      permissions: [
        'Report.read',
        'ReportAssignment.read',
        'ReportAssignment.create',
        'ReportAssignment.update',
        'ReportAssignment.delete',
      ],
    });
  });

  it('fixes who must report from the rules (sectors with everything under them), with the schedule', async () => {
    const opened = await openPeriod(t.database.db, types['annual-osh']!.id, YEAR);
    expect(opened).toMatchObject({ opened: true, added: 2, removed: 0, expected: 2 });
    expect(await expectedKeys(types['annual-osh']!.id, YEAR)).toEqual([food.id, builder.id].sort());
    const row = (
      await q(sql<
        Record<string, string>
      >`select reporter_kind, reporter_name, ward_code, to_char(due_on, 'YYYY-MM-DD') as due,
        to_char(opens_on, 'YYYY-MM-DD') as opens, sector_id::text as sector, assignment_id::text as assignment
        from report_expected where reporter_key = ${food.id}`)
    )[0]!;
    expect(row).toMatchObject({
      reporter_kind: 'business',
      ward_code: WARD_A,
      due: `${Number(YEAR) + 1}-01-09`,
      opens: `${YEAR}-12-17`,
    });
    expect(row.sector).toBe(await sectorId('10'));
    expect(row.assignment).toBeTruthy();
    // Opening is not a change: the list is what the period starts with.
    expect(await count('report_expected_change', sql`period_key = ${YEAR}`)).toBe(0);
    expect(await count('report_period', sql`report_type_id = ${types['annual-osh']!.id}::uuid`)).toBe(1);
  });

  it('opens again without changing anything (idempotent)', async () => {
    const before = await q(sql`select * from report_expected where period_key = ${YEAR} order by id`);
    const again = await openPeriod(t.database.db, types['annual-osh']!.id, YEAR);
    expect(again).toMatchObject({ opened: false, added: 0, restored: 0, removed: 0, expected: 2 });
    expect(await q(sql`select * from report_expected where period_key = ${YEAR} order by id`)).toEqual(before);
    expect(await count('report_expected_change', sql`period_key = ${YEAR}`)).toBe(0);
  });

  it('agrees with the domain’s rule for every employer', async () => {
    const rows = await q(sql<AssignmentRow & { id: string }>`select id::text, code, kind, sector_id::text as "sectorId",
        business_type_id::text as "businessTypeId", ward_code as "wardCode", min_employees::int as "minEmployees",
        max_employees::int as "maxEmployees", employer_id::text as "employerId", reason,
        to_char(valid_from, 'YYYY-MM-DD') as "validFrom", to_char(valid_to, 'YYYY-MM-DD') as "validTo"
      from report_assignment where report_type_id = ${types['annual-osh']!.id}::uuid and deleted_at is null`);
    const facts = await q(sql<{ id: string; sectors: string[]; ward: string; employees: number; type: string | null }>`
      with recursive up (sector_id, ancestor_id) as (
        select id, id from bussiness_sector union all
        select u.sector_id, s.parent_id from up u join bussiness_sector s on s.id = u.ancestor_id where s.parent_id is not null)
      select b.id::text, b.ward_code as ward, b.employee_count as employees, b.business_type_id::text as type,
        coalesce(array_agg(distinct up.ancestor_id::text) filter (where up.ancestor_id is not null), '{}') as sectors
      from business b left join business_sector_link l on l.business_id = b.id left join up on up.sector_id = l.sector_id
      where b.deleted_at is null and b.status = 'active' group by b.id`);
    const expected = facts
      .filter(
        (f) =>
          expectationOf(
            { id: f.id, sectors: f.sectors, wardCode: f.ward, employees: f.employees, businessTypeId: f.type },
            rows,
            `${YEAR}-12-17`,
          ).expected,
      )
      .map((f) => f.id)
      .sort();
    expect(await expectedKeys(types['annual-osh']!.id, YEAR)).toEqual(expected);
    expect(expected).not.toContain(closed.id);
  });

  it('inserts every reporter in one statement, however many employers there are', async () => {
    // 600 more employers, made set-based too.
    await sql`insert into business (code, name, ward_code, status, employee_count)
      select '59' || lpad(g::text, 8, '0'), 'Công ty số lượng lớn ' || g, ${WARD_B}, 'active', 10 + g % 40
      from generate_series(1, 600) g`.execute(t.database.db);
    const type = types['labour-change']!;
    await assign({ reportTypeId: type.id, kind: 'rule', minEmployees: 10 });
    let statements = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const opened = await openPeriod(t.database.db.withPlugin(counter), type.id, '2026-H2');
    // 600 + the trader (100) and the food factory (30); not the builder (5).
    expect(opened.expected).toBe(602);
    expect(await count('report_expected', sql`report_type_id = ${type.id}::uuid`)).toBe(602);
    // Type, deadlines, lock, period row, who the rules name (into a keyed temporary table), the changes, the
    // period's bookkeeping: a fixed handful, not one per employer.
    expect(statements).toBeLessThanOrEqual(15);
  });

  it('records each change when the assignments change: exemption, addition, and back', async () => {
    const typeId = types['annual-osh']!.id;
    const url = '/api/ReportAssignment/reportAssignments';
    const reason = 'Doanh nghiệp tạm ngừng kinh doanh đến hết năm';
    const exempt = await t.request({
      method: 'POST',
      url,
      headers: department.headers,
      payload: {
        code: 'T-MIEN',
        reportTypeId: typeId,
        kind: 'exempt',
        employerId: food.id,
        reason,
        validFrom: '2026-01-01',
      },
    });
    expect(exempt.statusCode, exempt.body).toBe(201);
    const removed = (
      await q(sql<{
        removed_at: Date | null;
        removed_reason: string;
      }>`select removed_at, removed_reason from report_expected
        where report_type_id = ${typeId}::uuid and period_key = ${YEAR} and reporter_key = ${food.id}`)
    )[0]!;
    expect(removed.removed_at).not.toBeNull();
    expect(removed.removed_reason).toBe(reason);

    const include = await t.request({
      method: 'POST',
      url,
      headers: department.headers,
      payload: {
        code: 'T-THEM',
        reportTypeId: typeId,
        kind: 'include',
        employerId: trader.id,
        validFrom: '2026-01-01',
      },
    });
    expect(include.statusCode, include.body).toBe(201);
    expect(await expectedKeys(typeId, YEAR)).toEqual([builder.id, trader.id].sort());

    // Lifting the exemption puts the employer back.
    const lifted = await t.request({
      method: 'POST',
      url: '/api/ReportAssignment/delete-report-assignments',
      headers: department.headers,
      payload: [exempt.json().id],
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await expectedKeys(typeId, YEAR)).toEqual([food.id, builder.id, trader.id].sort());

    const changes = await t.request({
      method: 'GET',
      url: '/api/Report/expected-changes',
      headers: department.headers,
      query: { reportTypeId: typeId, periodKey: YEAR },
    });
    expect(changes.statusCode, changes.body).toBe(200);
    const list = (changes.json() as { pageLists: Array<Record<string, unknown>> }).pageLists;
    expect(list.map((c) => [c.reporterKey, c.change])).toEqual([
      [food.id, 'restored'],
      [trader.id, 'added'],
      [food.id, 'removed'],
    ]);
    expect(list[2]).toMatchObject({ reason, actorName: expect.stringContaining('Người dùng') });

    // Who is expected and who was removed, as the page lists them.
    const removedList = await t.request({
      method: 'GET',
      url: '/api/Report/expected',
      headers: department.headers,
      query: { reportTypeId: typeId, periodKey: YEAR, state: 'all', sortBy: 'reporterName' },
    });
    expect(removedList.statusCode, removedList.body).toBe(200);
    expect((removedList.json() as { totalRecord: number }).totalRecord).toBe(3);
  });

  it('takes an assignment back from the trash bin as a change too', async () => {
    const typeId = types['annual-osh']!.id;
    const include = (
      await q(sql<{ id: string }>`select id::text as id from report_assignment
      where code = 'T-THEM' and deleted_at is null`)
    )[0]!.id;
    const changes = () =>
      q(sql<{ change: string }>`select change from report_expected_change
        where report_type_id = ${typeId}::uuid and period_key = ${YEAR} and reporter_key = ${trader.id}
        order by at, id`);
    const before = (await changes()).length;
    await assignments().remove(system, [include]);
    expect(await expectedKeys(typeId, YEAR)).toEqual([food.id, builder.id].sort());
    const bin = await sessionWith(t, { permissions: ['ReportAssignment.delete', 'RecycleBin.read'] });
    const restored = await t.request({
      method: 'POST',
      url: '/api/RecycleBin/restore',
      headers: bin.headers,
      payload: { area: 'ReportAssignment', ids: [include] },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await expectedKeys(typeId, YEAR)).toEqual([food.id, builder.id, trader.id].sort());
    expect((await changes()).slice(before).map((c) => c.change)).toEqual(['removed', 'restored']);
  });

  it('refuses an assignment that does not hold together, writing nothing', async () => {
    const before = await count('report_assignment');
    const changes = await count('report_expected_change');
    const res = await t.request({
      method: 'POST',
      url: '/api/ReportAssignment/reportAssignments',
      headers: department.headers,
      payload: {
        code: 'T-KHONG-LY-DO',
        reportTypeId: types['annual-osh']!.id,
        kind: 'exempt',
        employerId: builder.id,
        validFrom: '2026-01-01',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field: 'reason', message: 'Miễn báo cáo phải ghi lý do' }),
    ]);
    // Employers cannot be named on a report communes file.
    const commune = await t.request({
      method: 'POST',
      url: '/api/ReportAssignment/reportAssignments',
      headers: department.headers,
      payload: {
        code: 'T-XA',
        reportTypeId: types['commune-osh']!.id,
        kind: 'include',
        employerId: builder.id,
        validFrom: '2026-01-01',
      },
    });
    expect(commune.statusCode).toBe(400);
    expect(await count('report_assignment')).toBe(before);
    expect(await count('report_expected_change')).toBe(changes);
    expect(await expectedKeys(types['annual-osh']!.id, YEAR)).toContain(builder.id);
  });

  it('lists communes by their ward and units by their id', async () => {
    await createDistrictUnit(t, WARD_A);
    await createDistrictUnit(t, WARD_A); // a second unit of the same commune files once
    await createDistrictUnit(t, WARD_B);
    const centre = await createUnit(t, 'service_centre');
    await assign({ reportTypeId: types['commune-osh']!.id, kind: 'rule' });
    await assign({ reportTypeId: types['employment-centre']!.id, kind: 'rule' });
    await openPeriod(t.database.db, types['commune-osh']!.id, '2026');
    await openPeriod(t.database.db, types['employment-centre']!.id, '2026-H2');
    expect(await expectedKeys(types['commune-osh']!.id, '2026')).toEqual([WARD_B, WARD_A].sort());
    expect(await expectedKeys(types['employment-centre']!.id, '2026-H2')).toEqual([centre]);
    const kinds = await q(sql<{ reporter_kind: string }>`select distinct reporter_kind from report_expected
      where report_type_id = ${types['commune-osh']!.id}::uuid`);
    expect(kinds).toEqual([{ reporter_kind: 'commune' }]);
  });

  it('opens each morning the periods whose opening day has come, once', async () => {
    await assign({ reportTypeId: types['accident-statistics']!.id, kind: 'rule' });
    const first = await openDuePeriods(t.database.db, '2026-12-16');
    expect(first.opened.map((o) => `${o.code} ${o.periodKey}`)).not.toContain('accident-statistics 2026-H2');
    const second = await openDuePeriods(t.database.db, '2026-12-17');
    expect(second.opened.map((o) => `${o.code} ${o.periodKey}`)).toContain('accident-statistics 2026-H2');
    const third = await openDuePeriods(t.database.db, '2026-12-17');
    expect(third.opened).toEqual([]);
  });
});

describe('scopes and bad input', () => {
  let fixture: Awaited<ReturnType<typeof scopeFixture>>;
  let typeId: string;
  const list = (who: Session | null, query: Record<string, string>) =>
    t.request({
      method: 'GET',
      url: '/api/Report/expected',
      ...(who ? { headers: who.headers } : {}),
      query: { reportTypeId: typeId, periodKey: '2026-H1', pageSize: '200', ...query },
    });
  const keys = async (who: Session, query: Record<string, string> = {}) => {
    const res = await list(who, query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { pageLists: Array<{ reporterKey: string }> }).pageLists.map((r) => r.reporterKey);
  };

  beforeAll(async () => {
    fixture = await scopeFixture(t, ['Report.read']);
    typeId = types['accident-statistics']!.id;
    await openPeriod(t.database.db, typeId, '2026-H1');
  });

  it('shows the department everyone, a commune its area, an employer itself', async () => {
    const all = await keys(fixture.department);
    expect(all).toEqual(expect.arrayContaining([fixture.businessA.id, fixture.businessB.id]));
    const communeA = await keys(fixture.districtA);
    expect(communeA).toContain(fixture.businessA.id);
    expect(communeA).not.toContain(fixture.businessB.id);
    expect(await keys(fixture.employerA)).toEqual([fixture.businessA.id]);
    // A commune's filter cannot widen its scope.
    expect(await keys(fixture.districtA, { wardCode: fixture.wards[1] })).toEqual([]);
    // Search by tax code.
    expect(await keys(fixture.department, { keyWord: fixture.businessB.code })).toEqual([fixture.businessB.id]);
  });

  it('refuses the public, callers without the permission, and bad input, writing nothing', async () => {
    expect((await list(null, {})).statusCode).toBe(401);
    const stranger = await sessionWith(t, { permissions: ['Unit.read'] });
    expect((await list(stranger, {})).statusCode).toBe(403);
    expect((await list(fixture.department, { periodKey: '2026-Q1' })).statusCode).toBe(400);
    expect((await list(fixture.department, { reportTypeId: 'abc' })).statusCode).toBe(400);
    expect((await list(fixture.department, { reportTypeId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      404,
    );
    const periods = await count('report_period');
    const open = (who: Session, payload: unknown) =>
      t.request({ method: 'POST', url: '/api/Report/open-period', headers: who.headers, payload: payload as object });
    // Only who keeps the assignments opens periods.
    expect((await open(fixture.districtA, { reportTypeId: typeId, periodKey: '2027-H1' })).statusCode).toBe(403);
    const keeper = await sessionWith(t, { permissions: ['ReportAssignment.update'] });
    expect((await open(keeper, { reportTypeId: typeId, periodKey: '2027' })).statusCode).toBe(400);
    expect((await open(keeper, { reportTypeId: typeId })).statusCode).toBe(400);
    // A type without a deadline in force, an inactive one, a per-event one.
    const ops = catalogOperations('reportType');
    const base = { legalBasis: 'Thử nghiệm', filer: 'business', formCode: 'annual-osh' };
    const noDeadline = await ops.create(system, {
      ...base,
      code: 'T-NO-RULE',
      name: 'Không có thời hạn',
      periodType: 'year',
      deadlineRule: 'NO_SUCH_RULE',
      active: true,
    });
    const inactive = await ops.create(system, {
      ...base,
      code: 'T-INACTIVE',
      name: 'Ngừng áp dụng',
      periodType: 'year',
      deadlineRule: 'REPORT_ANNUAL_OSH',
      active: false,
    });
    const perEvent = await ops.create(system, {
      ...base,
      code: 'T-EVENT',
      name: 'Theo sự việc',
      periodType: 'event',
      deadlineRule: 'REPORT_ANNUAL_OSH',
      active: true,
    });
    const missing = await open(keeper, { reportTypeId: noDeadline.id, periodKey: '2026' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error.message).toContain('NO_SUCH_RULE');
    expect((await open(keeper, { reportTypeId: inactive.id, periodKey: '2026' })).statusCode).toBe(409);
    expect((await open(keeper, { reportTypeId: perEvent.id, periodKey: '2026' })).statusCode).toBe(400);
    expect(await count('report_period')).toBe(periods);
    // The keeper opens a period through the call: a run in the background, polled to its end.
    const ok = await open(keeper, { reportTypeId: typeId, periodKey: '2026-H2' });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json()).toMatchObject({ status: 'queued', result: null });
    const run = await finished(keeper, ok.json().id);
    expect(run).toMatchObject({ status: 'done', done: 2, total: 2, error: null });
    expect(run.result).toMatchObject({ periodKey: '2026-H2', schedule: { dueOn: '2027-01-09' } });
    expect(await count('report_period', sql`report_type_id = ${typeId}::uuid and period_key = '2026-H2'`)).toBe(1);
  });

  it('opens a period in the background: one run at a time per period, its progress polled to its end', async () => {
    const keeper = await sessionWith(t, { permissions: ['ReportAssignment.update'] });
    const periods = await count('report_period', sql`report_type_id = ${typeId}::uuid`);
    const body = { reportTypeId: typeId, periodKey: '2024-H1' };
    const post = () =>
      t.request({ method: 'POST', url: '/api/Report/open-period', headers: keeper.headers, payload: body });
    // Opening is idempotent: while a run of the same period is unfinished (here, one another instance has), asking
    // again answers that run.
    const other = await q(sql<{ id: string }>`insert into job_run (kind, key, params, status, lease_owner, lease_until)
      values ('reports.openPeriod', ${`${typeId}:2024-H1`}, '{}'::jsonb, 'running', 'another', now() + interval '1 hour')
      returning id::text as id`);
    const underWay = await post();
    expect(underWay.statusCode, underWay.body).toBe(202);
    expect(underWay.json()).toMatchObject({ id: other[0]!.id, status: 'running' });
    await sql`delete from job_run where id = ${other[0]!.id}::uuid`.execute(t.database.db);
    const first = await post();
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().id).not.toBe(other[0]!.id);
    const run = await finished(keeper, first.json().id);
    expect(run).toMatchObject({ status: 'done', done: run.total, error: null });
    expect(run.result).toMatchObject({ periodKey: '2024-H1', opened: true });
    expect(await count('report_period', sql`report_type_id = ${typeId}::uuid`)).toBe(periods + 1);
    expect(run.result!.expected).toBe(
      await count('report_expected', sql`report_type_id = ${typeId}::uuid and period_key = '2024-H1'`),
    );
    // Once done, asking again is a new run: the period evaluated again, nothing changed.
    const again = await post();
    expect(again.json().id).not.toBe(first.json().id);
    expect((await finished(keeper, again.json().id)).result).toMatchObject({ opened: false, added: 0, removed: 0 });
    // A caller without the permission does not read the run; an unknown run is not there.
    const reader = await sessionWith(t, { permissions: ['Report.read'] });
    const url = `/api/Report/open-period/${first.json().id}`;
    expect((await t.request({ url, headers: reader.headers })).statusCode).toBe(403);
    const unknown = `/api/Report/open-period/00000000-0000-4000-8000-000000000000`;
    expect((await t.request({ url: unknown, headers: keeper.headers })).statusCode).toBe(404);
  });
});
