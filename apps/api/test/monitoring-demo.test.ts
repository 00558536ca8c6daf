import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, seedDemo, type TestApp } from './support/app.ts';
import { login } from './support/accounts.ts';

/** The demo province's monitoring: the demo employers' reports, exceedances and workers to examine. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  await seedDemo(t);
});

afterAll(async () => {
  await t?.close();
});

it('seeds reports with exceedances once, seen by the employer and counted by the department', async () => {
  const counts = await sql<{ reports: number; flagged: number }>`select count(*)::int as reports,
    count(*) filter (where exceedance_count > 0)::int as flagged from monitoring_report`.execute(t.database.db);
  expect(counts.rows[0]).toEqual({ reports: 3, flagged: 3 });
  const dn = await login(t, 'dn.caudatxanh', 'Demo@2026');
  const headers = { authorization: `Bearer ${dn.json().accessToken as string}` };
  const list = (await t.request({ url: '/api/ObservationMonitor/get-paging', headers })).json();
  expect(list.totalRecord).toBe(2);
  const latest = list.pageLists[0];
  const detail = (
    await t.request({ url: `/api/ObservationMonitor/get-readings/${latest.id as string}`, headers })
  ).json();
  expect(detail.readings[0]).toMatchObject({ verdict: 'exceeds' });
  const exam = (await t.request({ url: '/api/ObservationMonitor/get-periodic-examination', headers })).json();
  expect(exam.totalRecord).toBeGreaterThan(0);
  const so = await login(t, 'canbo.so', 'Demo@2026');
  const overview = (
    await t.request({
      url: '/api/ObservationMonitor/get-overview',
      query: { year: String(latest.year) },
      headers: { authorization: `Bearer ${so.json().accessToken as string}` },
    })
  ).json();
  expect(overview.exceedances).toBeGreaterThan(0);
});
