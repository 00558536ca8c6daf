import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBetween } from '@portal/domain/dates';
import { clock } from '../src/platform/clock/index.ts';
import { scopeFixture } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { caller } from './support/calls.ts';

/**
 * The late mark of an accident statistics report: days between the deadline in force for its period and the day
 * it was filed, answered by the list and the detail (empty when filed on time or not filed).
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let call: ReturnType<typeof caller>;
const S = '/api/AccidentStatistical';
const PERMISSIONS = ['read', 'create', 'update'].map((a) => `AccidentStatistical.${a}`);

beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
  call = caller(t);
});
afterAll(async () => t?.close());

async function report(who: typeof f.employerA, code: string): Promise<string> {
  const res = await call(who, 'POST', `${S}/accidentStatisticals`, { code, year: 2025, period: 'halfYear' });
  expect(res.statusCode, res.body).toBe(201);
  // Decree 39 Art 24: the six-month report before 5 July.
  expect(res.json().dueDate).toBe('2025-07-04');
  return res.json().id as string;
}

describe('the late mark of a statistics report', () => {
  it('marks a report filed after its deadline, in the list and the detail, and none filed on time', async () => {
    const late = await report(f.employerA, 'LATE/BC-TNLD');
    const onTime = await report(f.employerB, 'ONTIME/BC-TNLD');
    expect((await call(f.employerA, 'GET', `${S}/get-report/${late}`)).json().report.daysLate).toBeNull();

    // Filed through the workflow today: late by the days since 4 July 2025.
    const submitted = await call(f.employerA, 'POST', `${S}/submit/${late}`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().report.daysLate).toBe(daysBetween('2025-07-04', clock.today()));

    // Five months late (filed 1 December), and one filed the day before its deadline.
    await sql`update accident_statistical set submitted_on = '2025-12-01' where id = ${late}::uuid`.execute(
      t.database.db,
    );
    await sql`update accident_statistical set status = 'submitted', submitted_on = '2025-07-03'
      where id = ${onTime}::uuid`.execute(t.database.db);

    const detail = await call(f.employerA, 'GET', `${S}/get-report/${late}`);
    expect(detail.json().report).toMatchObject({ dueDate: '2025-07-04', submittedOn: '2025-12-01', daysLate: 150 });
    const list = await call(f.department, 'GET', `${S}/accidentStatisticals`, undefined, { pageSize: '50' });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().pageLists as { id: string; daysLate: number | null }[];
    expect(rows.find((r) => r.id === late)?.daysLate).toBe(150);
    expect(rows.find((r) => r.id === onTime)?.daysLate).toBeNull();
  });
});
