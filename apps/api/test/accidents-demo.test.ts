import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { clock } from '../src/platform/clock/index.ts';
import { signIn } from './support/accounts.ts';
import { createTestApp, demoSeedContext, type TestApp } from './support/app.ts';
import { accidentsDemoStep } from '../src/modules/accidents/seed.ts';

/**
 * The demo province's accidents: several employers and a commune over three years, every class, causes and
 * injury factors, victims with occupations and costs, investigations open, overdue, extended and concluded, a
 * declaration returned for completion and one amended — seeded once, whatever the number of starts.
 */
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
});
afterAll(async () => t?.close());

const count = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db())).rows[0]!.n);

describe('accident demo', () => {
  it('seeds realistic accidents across employers, years, classes, causes and factors', async () => {
    const accidents = await count(sql`select count(*) as n from accident where deleted_at is null`);
    expect(accidents).toBeGreaterThanOrEqual(15);
    expect(await count(sql`select count(distinct business_id) as n from accident`)).toBeGreaterThanOrEqual(5);
    expect(await count(sql`select count(*) as n from accident where declarant_kind = 'commune'`)).toBeGreaterThan(0);
    const years = await sql<{ y: number }>`select distinct code_year as y from accident order by 1`.execute(db());
    const thisYear = Number(clock.today().slice(0, 4));
    expect(years.rows.map((r) => Number(r.y))).toEqual(expect.arrayContaining([thisYear - 1, thisYear]));
    const classes = await sql<{ severity: string }>`select distinct severity from accident order by 1`.execute(db());
    expect(classes.rows.map((r) => r.severity)).toEqual(['fatal', 'light', 'serious']);
    expect(await count(sql`select count(distinct accident_reason_id) as n from accident`)).toBeGreaterThanOrEqual(6);
    expect(await count(sql`select count(distinct injury_element_id) as n from accident`)).toBeGreaterThanOrEqual(6);
    expect(await count(sql`select count(*) as n from accident where allowance_case`)).toBeGreaterThan(0);
    // Victims carry occupations and costs; some are outside the employer's management, some are women.
    expect(await count(sql`select count(*) as n from accident_victim where occupation_id is null`)).toBe(0);
    expect(await count(sql`select count(*) as n from accident_victim where medical_cost > 0`)).toBeGreaterThan(10);
    expect(await count(sql`select count(*) as n from accident_victim where not under_management`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from accident_victim where female`)).toBeGreaterThan(0);
    // Counts on the accident agree with its victims.
    expect(
      await count(sql`select count(*) as n from accident a where a.victim_count <>
        (select count(*) from accident_victim v where v.accident_id = a.id)
        or a.death_count <> (select count(*) from accident_victim v where v.accident_id = a.id and v.severity = 'fatal')`),
    ).toBe(0);
    // Receipt numbers run without gaps each year.
    const gaps = await sql<{ y: number; n: string; top: number }>`select code_year as y, count(*) as n,
        max(code_sequence) as top from accident group by code_year`.execute(db());
    for (const g of gaps.rows) expect(Number(g.top)).toBe(Number(g.n));
  });

  it('has investigations open, overdue, extended and concluded, routings, versions and a returned declaration', async () => {
    const today = clock.today();
    expect(
      await count(sql`select count(*) as n from accident_investigation where status = 'concluded'`),
    ).toBeGreaterThanOrEqual(4);
    expect(
      await count(
        sql`select count(*) as n from accident_investigation where status = 'open' and due_on < ${today}::date`,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        sql`select count(*) as n from accident_investigation where status = 'open' and due_on >= ${today}::date`,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*) as n from accident_investigation where extended`)).toBe(1);
    expect(await count(sql`select count(*) as n from accident_investigation where deadline_days = 60`)).toBe(1);
    expect(
      await count(sql`select count(*) as n from accident_routing where recipient = 'communePolice'`),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from accident_version where version = 2`)).toBe(1);
    expect(await count(sql`select count(*) as n from accident where status = 'returned'`)).toBe(1);

    // The roles see them on their workspaces.
    const tasksOf = async (userName: string) => {
      const user = await signIn(t, { userName, password: DEMO_PASSWORD });
      const res = await t.request({ url: '/api/Workspace/tasks', headers: user.headers });
      return res.json().tasks as { key: string; count: number }[];
    };
    const officer = await tasksOf('canbo.so');
    expect(officer.find((x) => x.key === 'accidents.investigationsOverdue')?.count).toBeGreaterThanOrEqual(1);
    expect(officer.find((x) => x.key === 'accidents.toInvestigate')?.count).toBeGreaterThanOrEqual(2);
    const employer = await tasksOf('dn.caudatxanh');
    expect(employer.find((x) => x.key === 'accidents.returned')?.count).toBe(1);
  });

  it('is seeded once', async () => {
    const before = await count(sql`select count(*) as n from accident`);
    await accidentsDemoStep.run(demoSeedContext(t));
    expect(await count(sql`select count(*) as n from accident`)).toBe(before);
  });
});
