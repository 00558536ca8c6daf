import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { expectationOf, type AssignmentRow } from '@portal/domain/reports/assignment';
import { periodContaining, previousPeriod } from '@portal/domain/reports/periods';
import { DEMO_PASSWORD } from '../../src/modules/accounts/seed.ts';
import { clock } from '../../src/platform/clock/index.ts';
import { listReportTypes } from '../../src/modules/reports/index.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signIn } from '../support/accounts.ts';

/**
 * The demo province's periodic reports: who must report under the demo assignments (an addition and an exemption
 * among them), the current and previous periods of every type open, and what the demo accounts see.
 */
let t: TestApp;
const q = async <T>(query: RawBuilder<T>): Promise<T[]> => (await query.execute(t.database.db)).rows;
const as = async (userName: string) => (await signIn(t, { userName, password: DEMO_PASSWORD })).headers;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
});
afterAll(() => t?.close());

const typeId = async (code: string) =>
  (await q(sql<{ id: string }>`select id::text as id from report_type where code = ${code}`))[0]!.id;

describe('demo periodic reports', () => {
  it('opens the current and the previous period of every type, with reporters of every kind', async () => {
    const today = clock.today();
    for (const type of await listReportTypes(t.database.db, { activeOnly: true })) {
      if (type.periodType === 'event') continue;
      const current = periodContaining(type.periodType, today, type.shiftMonths);
      const keys = [previousPeriod(current, type.shiftMonths).key, current.key];
      const rows = await q(sql<{ period_key: string; n: number }>`select p.period_key,
          (select count(*) from report_expected e where e.report_type_id = p.report_type_id
            and e.period_key = p.period_key and e.removed_at is null)::int as n
        from report_period p where p.report_type_id = ${type.id}::uuid order by p.period_key`);
      expect(
        rows.map((r) => r.period_key),
        type.code,
      ).toEqual(expect.arrayContaining(keys));
      for (const r of rows) expect(r.n, `${type.code} ${r.period_key}`).toBeGreaterThan(0);
    }
    const kinds = await q(
      sql<{ reporter_kind: string }>`select distinct reporter_kind from report_expected order by 1`,
    );
    expect(kinds.map((k) => k.reporter_kind)).toEqual(['business', 'commune', 'department', 'serviceCentre']);
  });

  it('applies the assignments: manufacturing and construction, an addition, an exemption with its reason', async () => {
    const annual = await typeId('annual-osh');
    const rows = await q(sql<AssignmentRow>`select id::text, code, kind, sector_id::text as "sectorId",
        business_type_id::text as "businessTypeId", ward_code as "wardCode", min_employees::int as "minEmployees",
        max_employees::int as "maxEmployees", employer_id::text as "employerId", reason,
        to_char(valid_from, 'YYYY-MM-DD') as "validFrom", to_char(valid_to, 'YYYY-MM-DD') as "validTo"
      from report_assignment where report_type_id = ${annual}::uuid and deleted_at is null`);
    expect(rows.map((r) => r.kind).sort()).toEqual(['exempt', 'include', 'rule', 'rule']);
    const exempt = rows.find((r) => r.kind === 'exempt')!;
    expect(exempt.reason).toMatch(/tạm ngừng/);

    const { period_key: key, on } = (
      await q(sql<{
        period_key: string;
        on: string;
      }>`select period_key, to_char(greatest(opens_on, ${clock.today()}::date),
        'YYYY-MM-DD') as on from report_period where report_type_id = ${annual}::uuid order by period_end desc limit 1`)
    )[0]!;
    const facts = await q(sql<{
      id: string;
      sectors: string[];
      ward: string;
      employees: number | null;
      type: string | null;
    }>`
      with recursive up (sector_id, ancestor_id) as (
        select id, id from bussiness_sector union all
        select u.sector_id, s.parent_id from up u join bussiness_sector s on s.id = u.ancestor_id where s.parent_id is not null)
      select b.id::text, b.ward_code as ward, b.employee_count as employees, b.business_type_id::text as type,
        coalesce(array_agg(distinct up.ancestor_id::text) filter (where up.ancestor_id is not null), '{}') as sectors
      from business b left join business_sector_link l on l.business_id = b.id left join up on up.sector_id = l.sector_id
      where b.deleted_at is null and b.status = 'active' group by b.id`);
    const wanted = facts
      .filter(
        (f) =>
          expectationOf(
            { id: f.id, sectors: f.sectors, wardCode: f.ward, employees: f.employees, businessTypeId: f.type },
            rows,
            on,
          ).expected,
      )
      .map((f) => f.id)
      .sort();
    const stored = await q(sql<{ reporter_key: string }>`select reporter_key from report_expected
      where report_type_id = ${annual}::uuid and period_key = ${key} and removed_at is null order by reporter_key`);
    expect(stored.map((r) => r.reporter_key)).toEqual(wanted);
    expect(wanted.length).toBeGreaterThan(5);
    expect(wanted).toContain(rows.find((r) => r.kind === 'include')!.employerId);
    expect(wanted).not.toContain(exempt.employerId);
  });

  it('shows the employer its own reports and the commune its area', async () => {
    const accident = await typeId('accident-statistics');
    const { period_key: key } = (
      await q(sql<{ period_key: string }>`select period_key from report_period
        where report_type_id = ${accident}::uuid order by period_end desc limit 1`)
    )[0]!;
    const list = async (userName: string) => {
      const res = await t.request({
        method: 'GET',
        url: '/api/Report/expected',
        headers: await as(userName),
        query: { reportTypeId: accident, periodKey: key, pageSize: '200' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { pageLists: Array<{ taxCode: string | null; wardCode: string }>; totalRecord: number };
    };
    const employer = await list('dn.caudatxanh');
    expect(employer.pageLists.map((r) => r.taxCode)).toEqual(['5801234577']);
    const ward = (
      await q(sql<{ code: string }>`select u.local_unit_code as code from app_user a join unit u on u.id = a.unit_id
        where a.user_name = 'canbo.xuanhuong'`)
    )[0]!.code;
    const commune = await list('canbo.xuanhuong');
    expect(commune.totalRecord).toBeGreaterThan(0);
    expect(new Set(commune.pageLists.map((r) => r.wardCode))).toEqual(new Set([ward]));
    const department = await list('canbo.so');
    expect(department.totalRecord).toBeGreaterThan(commune.totalRecord);
  });

  it('puts the page of who must report in the department’s menu only', async () => {
    const paths = async (userName: string) => {
      const res = await t.request({ url: '/api/UserTypev2/get-menu', headers: await as(userName) });
      type Node = { path?: string; children?: Node[] };
      const walk = (nodes: Node[]): string[] => nodes.flatMap((n) => (n.children ? walk(n.children) : [n.path!]));
      return walk(res.json().items);
    };
    const officer = await paths('canbo.so');
    expect(officer.filter((p) => p === '/phan-loai-bao-cao/danh-sach')).toHaveLength(1);
    expect(await paths('dn.caudatxanh')).not.toContain('/phan-loai-bao-cao/danh-sach');
  });
});
