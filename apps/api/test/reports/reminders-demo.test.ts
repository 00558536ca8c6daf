import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/modules/accounts/seed.ts';
import { runReportReminders } from '../../src/modules/reports/reminders/index.ts';
import { randomAddress, signIn, type Session } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * The demo province as a first start leaves it: the roles that file and the department find their report tasks,
 * the coffee company subscribes to its due reports, and the reminder run of the day sends each step once.
 */
let t: TestApp;
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  for (const userName of ['dn.caudatxanh', 'canbo.xuanhuong', 'canbo.so', 'ttdvvl'])
    sessions[userName] = await signIn(t, { userName, password: DEMO_PASSWORD });
});
afterAll(async () => t?.close());

it('shows each demo role its report tasks, counted as the filing list counts them', async () => {
  const keys: Record<string, string[]> = {};
  for (const [userName, session] of Object.entries(sessions)) {
    const res = await t.request({
      url: '/api/Workspace/tasks',
      headers: session.headers,
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode, userName).toBe(200);
    const tasks = (res.json().tasks as { key: string; count: number; listApi: string }[]).filter((x) =>
      x.key.startsWith('reports.'),
    );
    keys[userName] = tasks.map((x) => x.key).sort();
    for (const task of tasks) {
      const list = await t.request({ url: task.listApi, headers: session.headers });
      expect(list.json().totalRecord, `${userName} ${task.key}`).toBe(task.count);
    }
  }
  expect(keys['dn.caudatxanh']).toEqual(['reports.drafts', 'reports.due', 'reports.overdue', 'reports.returned']);
  expect(keys['ttdvvl']).toEqual(['reports.drafts', 'reports.due', 'reports.overdue', 'reports.returned']);
  expect(keys['canbo.xuanhuong']).toContain('reports.overdueReporters');
  expect(keys['canbo.xuanhuong']).toContain('reports.due');
  expect(keys['canbo.so']).toEqual(['reports.overdueReporters', 'reports.toReview']);
});

it('gives the coffee company a calendar of its due reports', async () => {
  const link = await t.request({ url: '/api/Report/calendar-link', headers: sessions['dn.caudatxanh']!.headers });
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json().url as string);
  const feed = await t.request({ url: `${url.pathname}${url.search}`, remoteAddress: randomAddress() });
  expect(feed.statusCode, feed.body).toBe(200);
  expect(feed.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
  const unfolded = feed.body.replace(/\r\n /g, '');
  expect(unfolded).toContain('X-WR-CALNAME:Hạn nộp báo cáo định kỳ — Công ty TNHH Cà phê Cầu Đất Xanh');
  expect(unfolded.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThan(0);
});

it("sends the day's reminders once", async () => {
  await runReportReminders(t.app);
  expect(await runReportReminders(t.app)).toEqual({ dueSoon: 0, overdue: 0 });
});
