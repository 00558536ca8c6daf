import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportReminders } from '../../src/modules/reports/reminders/index.ts';
import {
  adminUser,
  createBusiness,
  createUser,
  createDistrictUnit,
  createUnit,
  randomAddress,
  sessionWith,
  signIn,
  type Session,
  type TestUser,
} from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp.ts';

/**
 * Reminders of periodic reports, the due-reports calendar and the report tasks of the workspaces, on rows written
 * straight into the tables (migration 0038 is the contract): the portal clock walks a reporting period's due day
 * and each reporter gets the reminder schedule's steps exactly once — a filed report none, a returned one the
 * steps after the due day, a day missed caught up with only its latest step, a "before" step never after the due
 * day — by a statutory notice in the portal and over real SMTP; the iCalendar feed parses back and lists exactly
 * the reports not filed; the workspace counts each role's own scope; bad input answers 4xx.
 */
let t: TestApp;
let smtp: SmtpReceiver;
let admin: Session;
const db = () => t.database.db;

const W1 = '2025:24781';
const W2 = '2025:24778';
const DUE = '2027-01-10';
const PERMS = ['ReportSubmission.read'];
const NAME1 = 'Báo cáo công tác an toàn, vệ sinh lao động; thử nghiệm nhắc hạn nộp theo Phụ lục II Thông tư 07/2016';
const NAME2 = 'Thống kê tai nạn lao động — thử nghiệm nhắc hạn';

const type: Record<'one' | 'two', string> = { one: '', two: '' };
/** Expected rows by name (see the walk below). */
const row: Record<string, string> = {};
const user: Record<string, TestUser> = {};
const session: Record<string, Session & { user: TestUser }> = {};
const units: Record<string, string> = {};

async function setClock(today: string | null): Promise<void> {
  const res = await t.request({ method: 'PUT', url: '/api/Test/clock', headers: admin.headers, payload: { today } });
  expect(res.statusCode, res.body).toBe(200);
}

async function reportType(code: string, name: string): Promise<string> {
  const r = await sql<{ id: string }>`insert into report_type (code, name, legal_basis, filer, period_type,
      deadline_rule, form_code, active)
    values (${code}, ${name}, 'Thử nghiệm', 'business', 'year', 'test-rule', 'annual-osh', true) returning id`.execute(
    db(),
  );
  return r.rows[0]!.id;
}

interface Reporter {
  kind: 'business' | 'commune' | 'serviceCentre';
  key: string;
  businessId?: string;
  ward: string | null;
}
const business = (b: { id: string; wardCode: string }): Reporter => ({
  kind: 'business',
  key: b.id,
  businessId: b.id,
  ward: b.wardCode,
});

async function expected(
  name: string,
  o: { type: string; reporter: Reporter; period?: string; due?: string; opens?: string; closes?: string | null },
) {
  const period = o.period ?? '2026';
  const r = await sql<{ id: string }>`insert into report_expected (report_type_id, period_key, period_start, period_end,
      opens_on, due_on, closes_on, reporter_kind, reporter_key, business_id, ward_code, reporter_name)
    values (${o.type}::uuid, ${period}, ${`${period.slice(0, 4)}-01-01`}, ${`${period.slice(0, 4)}-12-31`},
      ${o.opens ?? '2026-12-01'}, ${o.due ?? DUE}, ${o.closes ?? null}, ${o.reporter.kind}, ${o.reporter.key},
      ${o.reporter.businessId ?? null}, ${o.reporter.ward}, ${`Đơn vị ${name}`}) returning id`.execute(db());
  row[name] = r.rows[0]!.id;
  return r.rows[0]!.id;
}

/** A submission of an expected row, as the filing module leaves it. */
async function submission(expectedName: string, status: string, firstSubmittedOn: string | null) {
  await sql`insert into report_submission (expected_id, report_type_id, period_key, reporter_kind, reporter_key,
      business_id, ward_code, status, form_code, form_version, first_submitted_on)
    select e.id, e.report_type_id, e.period_key, e.reporter_kind, e.reporter_key, e.business_id, e.ward_code,
      ${status}, 'annual-osh', 1, ${firstSubmittedOn}::date
    from report_expected e where e.id = ${row[expectedName]!}::uuid`.execute(db());
}

const stepsSent = async (name: string) =>
  (
    await sql<{ step_code: string }>`select step_code from report_reminder_sent where expected_id = ${row[name]!}::uuid
      order by sent_at, step_code`.execute(db())
  ).rows.map((r) => r.step_code);

/** The report notifications a user holds, by kind. */
async function told(userId: string): Promise<{ reportDueSoon: number; reportOverdue: number }> {
  const rows = await sql<{ kind: 'reportDueSoon' | 'reportOverdue'; n: number }>`select kind, count(*)::int as n
    from notification where user_id = ${userId}::uuid and kind in ('reportDueSoon', 'reportOverdue')
    group by kind`.execute(db());
  const out = { reportDueSoon: 0, reportOverdue: 0 };
  for (const r of rows.rows) out[r.kind] = r.n;
  return out;
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ smtpUrl: smtp.url, testClock: true });
  await t.app.jobs.start();
  admin = await signIn(t, await adminUser(t));
  type.one = await reportType('TEST-NHAC-1', NAME1);
  type.two = await reportType('TEST-NHAC-2', NAME2);
  // The schedule of this test only: the seeded steps stand aside.
  await sql`update report_reminder_step set active = false`.execute(db());
  await sql`insert into report_reminder_step (code, name, offset_days, report_type_id, active) values
    ('T-7', '7 ngày trước hạn', -7, null, true), ('T-1', '1 ngày trước hạn', -1, null, true),
    ('T+1', '1 ngày sau hạn', 1, null, true), ('T+15', '15 ngày sau hạn', 15, null, true),
    ('T-3', '3 ngày trước hạn (chỉ loại 2)', -3, ${type.two}::uuid, true),
    ('T-5', 'Bước đã tắt', -5, null, false)`.execute(db());

  const employers: Record<string, { id: string; wardCode: string; unitId: string }> = {};
  for (const [key, ward] of Object.entries({ A: W1, B: W1, C: W1, R: W1, D: W1, E: W1, G: W2, H: W2, N: W1 }))
    employers[key] = await createBusiness(t, ward, `Công ty ${key}`);
  units.communeW1 = await createDistrictUnit(t, W1);
  units.communeW2 = await createDistrictUnit(t, W2);
  units.centre = await createUnit(t, 'service_centre');

  // Employer A: one account by mail (the kind's default), one that had muted the kind before it was statutory.
  user.A2 = await createUser(t, { permissions: PERMS, unitId: employers.A!.unitId });
  await sql`insert into notification_preference (user_id, kind, channel)
    values (${user.A2.id}::uuid, 'reportDueSoon', 'off')`.execute(db());
  const accounts: Record<string, Parameters<typeof sessionWith>[1]> = {
    ...Object.fromEntries(
      ['A', 'B', 'R', 'E', 'G', 'H'].map((key) => [key, { permissions: PERMS, unitId: employers[key]!.unitId }]),
    ),
    noPermission: { permissions: ['Worker.read'], unitId: employers.A!.unitId },
    communeW1: { permissions: PERMS, unitId: units.communeW1 },
    communeW2: { permissions: PERMS, unitId: units.communeW2 },
    centre: { permissions: PERMS, unitId: units.centre },
    department: { permissions: ['ReportSubmission.read', 'ReportSubmission.review'] },
    departmentReader: { permissions: ['ReportSubmission.read'] },
  };
  await Promise.all(
    Object.entries(accounts).map(async ([key, options]) => {
      session[key] = await sessionWith(t, options);
    }),
  );

  const e = (key: string) => business(employers[key]!);
  await expected('A', { type: type.one, reporter: e('A') });
  await expected('A2', { type: type.two, reporter: e('A') });
  await submission('A2', 'draft', null);
  // A's other rows: one filed, one whose period closed, one not open yet (the calendar shows it, nothing else).
  await expected('Afiled', {
    type: type.one,
    reporter: e('A'),
    period: '2025',
    due: '2026-01-10',
    opens: '2025-12-01',
  });
  await submission('Afiled', 'accepted', '2026-01-08');
  await expected('Aclosed', {
    type: type.two,
    reporter: e('A'),
    period: '2025',
    due: '2026-01-10',
    opens: '2025-12-01',
    closes: '2026-03-01',
  });
  await expected('Anext', { type: type.one, reporter: e('A'), period: '2027', due: '2028-01-10', opens: '2027-12-01' });
  await expected('B', { type: type.one, reporter: e('B') });
  await expected('C', { type: type.one, reporter: e('C') });
  await submission('C', 'accepted', '2026-12-20');
  await expected('R', { type: type.one, reporter: e('R') });
  await submission('R', 'returned', '2026-12-28');
  await expected('K', { type: type.one, reporter: { kind: 'commune', key: W1, ward: W1 } });
  await expected('Z', { type: type.one, reporter: { kind: 'serviceCentre', key: units.centre, ward: null } });
  await expected('D', { type: type.one, reporter: e('D') });
  await sql`update report_expected set removed_at = now(), removed_reason = 'Miễn báo cáo'
    where id = ${row.D!}::uuid`.execute(db());
  await expected('E', { type: type.one, reporter: e('E'), due: '2027-01-20' });
  await expected('G', { type: type.one, reporter: e('G'), due: '2027-01-07' });
  await expected('H', { type: type.one, reporter: e('H'), due: '2027-01-03' });
  // Of an inactive report type: never reminded.
  const inactive = await reportType('TEST-NHAC-TAT', 'Loại báo cáo đã ngừng');
  await sql`update report_type set active = false where id = ${inactive}::uuid`.execute(db());
  await expected('N', { type: inactive, reporter: e('N') });
  // A dozen accounts signed in (a password hash each): more than the default hook time on a busy machine.
}, 180_000);

afterAll(async () => {
  if (admin) await setClock(null);
  await t?.close();
  await smtp?.close();
});

describe('the reminder schedule as the clock walks the due day', () => {
  it('8 days before: nothing yet, except the reports due sooner', async () => {
    await setClock('2027-01-02');
    expect(await stepsSent('A')).toEqual([]);
    expect(await stepsSent('K')).toEqual([]);
    // H is due tomorrow: its steps 7 and 1 days before are both due, only the latest goes.
    expect(await stepsSent('H')).toEqual(['T-1']);
    // G is due in 5 days: the step 7 days before was missed, and is caught up.
    expect(await stepsSent('G')).toEqual(['T-7']);
  });

  it('7 days before: one reminder to each reporter that has not filed, once, statutory, also by mail', async () => {
    await setClock('2027-01-03');
    for (const name of ['A', 'A2', 'B', 'K', 'Z']) expect(await stepsSent(name), name).toEqual(['T-7']);
    // Filed (accepted), returned for correction before the due day, exempted, of an inactive type: none.
    for (const name of ['C', 'R', 'D', 'N', 'Afiled', 'Aclosed', 'Anext', 'E'])
      expect(await stepsSent(name), name).toEqual([]);
    // H's earlier step is never sent after the later one went out.
    expect(await stepsSent('H')).toEqual(['T-1']);
    expect(await told(session.A!.user.id)).toEqual({ reportDueSoon: 2, reportOverdue: 0 });
    // Muted before it became statutory: still told.
    expect(await told(user.A2!.id)).toEqual({ reportDueSoon: 2, reportOverdue: 0 });
    expect(await told(session.B!.user.id)).toEqual({ reportDueSoon: 1, reportOverdue: 0 });
    expect(await told(session.communeW1!.user.id)).toEqual({ reportDueSoon: 1, reportOverdue: 0 });
    expect(await told(session.centre!.user.id)).toEqual({ reportDueSoon: 1, reportOverdue: 0 });
    for (const key of ['R', 'communeW2', 'department'])
      expect(await told(session[key]!.user.id), key).toEqual({ reportDueSoon: 0, reportOverdue: 0 });

    // In the portal, in the reader's language, linking to the filing list of that report and period.
    const list = await t.request({
      url: '/api/Notification/notifications?pageNumber=1&pageSize=10',
      headers: session.A!.headers,
    });
    const items = list.json().pageLists as { kind: string; content: string; link: string }[];
    const first = items.find((n) => n.content.includes('thử nghiệm nhắc hạn nộp'))!;
    expect(first.kind).toBe('reportDueSoon');
    expect(first.content).toBe(`Báo cáo “${NAME1}” năm 2026 đến hạn nộp ngày 10/01/2027: đơn vị chưa nộp báo cáo này`);
    expect(first.link).toBe(`/nop-bao-cao/danh-sach?reportTypeId=${type.one}&periodKey=2026`);
    const english = await t.request({
      url: '/api/Notification/notifications?pageNumber=1&pageSize=10',
      headers: { ...session.A!.headers, 'accept-language': 'en' },
    });
    expect((english.json().pageLists as { content: string }[]).map((n) => n.content)).toContain(
      `The report “${NAME1}” for year 2026 is due on 10/01/2027: your unit has not filed it`,
    );
    // By mail over SMTP (the kind's default channel), to the account that did not choose otherwise.
    const address = `${session.A!.user.userName}@test.example`;
    const mails = [await smtp.waitFor(address), await smtp.waitFor(address)];
    for (const mail of mails) expect(mail.subject).toContain('đến hạn nộp ngày 10/01/2027');
    expect(mails.map((m) => /reportTypeId=([\w-]+)/.exec(m.text)?.[1]).sort()).toEqual([type.one, type.two].sort());
    const mailsToMuted = await sql<{ n: number }>`select count(*)::int as n from outbox_mail
      where to_address = ${`${user.A2!.userName}@test.example`}`.execute(db());
    expect(mailsToMuted.rows[0]!.n).toBe(0);
  });

  it('the days between send nothing; a report filed stops its schedule', async () => {
    await setClock('2027-01-04');
    expect(await stepsSent('A')).toEqual(['T-7']);
    await submission('B', 'submitted', '2027-01-05');
    await setClock('2027-01-05');
    // H, due on the 3rd and not filed: the step a day after.
    expect(await stepsSent('H')).toEqual(['T-1', 'T+1']);
    await setClock('2027-01-07');
    // A step of one report type only goes to that type's reporters.
    expect(await stepsSent('A2')).toEqual(['T-7', 'T-3']);
    expect(await stepsSent('A')).toEqual(['T-7']);
    expect(await stepsSent('G')).toEqual(['T-7', 'T-1']);
  });

  it('1 day before: the next step once, even when two runs race', async () => {
    const day = '2027-01-09';
    const runs = await Promise.all([runReportReminders(t.app, day), runReportReminders(t.app, day)]);
    // Five reminders in all (A, A2, K, Z the day before; G the day after), none sent twice.
    expect(runs[0]!.dueSoon + runs[1]!.dueSoon).toBe(4);
    expect(runs[0]!.overdue + runs[1]!.overdue).toBe(1);
    await setClock(day);
    expect(await runReportReminders(t.app, day)).toEqual({ dueSoon: 0, overdue: 0 });
    for (const name of ['A', 'K', 'Z']) expect(await stepsSent(name), name).toEqual(['T-7', 'T-1']);
    expect(await stepsSent('A2')).toEqual(['T-7', 'T-3', 'T-1']);
    expect(await stepsSent('B')).toEqual(['T-7']);
    expect(await stepsSent('G')).toEqual(['T-7', 'T-1', 'T+1']);
    expect(await told(session.A!.user.id)).toEqual({ reportDueSoon: 5, reportOverdue: 0 });
    expect(await told(session.B!.user.id)).toEqual({ reportDueSoon: 1, reportOverdue: 0 });
  });

  it('after the due day: the late, a returned report included, get the steps after; the filed none', async () => {
    await setClock(DUE);
    expect(await stepsSent('A')).toEqual(['T-7', 'T-1']);
    await setClock('2027-01-11');
    for (const name of ['A', 'K', 'Z']) expect(await stepsSent(name), name).toEqual(['T-7', 'T-1', 'T+1']);
    expect(await stepsSent('R')).toEqual(['T+1']);
    expect(await stepsSent('B')).toEqual(['T-7']);
    expect(await stepsSent('C')).toEqual([]);
    expect(await told(session.R!.user.id)).toEqual({ reportDueSoon: 0, reportOverdue: 1 });
    const overdue = await sql<{ params: Record<string, unknown> }>`select params from notification
      where user_id = ${session.R!.user.id}::uuid and kind = 'reportOverdue'`.execute(db());
    expect(overdue.rows[0]!.params).toMatchObject({ dueDate: DUE, periodKey: 'reportFiling:periods.year' });
    await setClock('2027-01-12');
    // A run days later: the step 15 days after for the late, a missed step caught up within a week, none older.
    await setClock('2027-01-26');
    for (const name of ['A', 'K', 'Z']) expect(await stepsSent(name), name).toEqual(['T-7', 'T-1', 'T+1', 'T+15']);
    expect(await stepsSent('A2')).toEqual(['T-7', 'T-3', 'T-1', 'T+1', 'T+15']);
    expect(await stepsSent('R')).toEqual(['T+1', 'T+15']);
    // E (due the 20th) was never told before: the steps before its due day are not sent after it.
    expect(await stepsSent('E')).toEqual(['T+1']);
    expect(await stepsSent('G')).toEqual(['T-7', 'T-1', 'T+1', 'T+15']);
    // H's step 15 days after fell on the 18th: more than a week ago, no longer sent.
    expect(await stepsSent('H')).toEqual(['T-1', 'T+1']);
    for (const name of ['B', 'C', 'D', 'N', 'Afiled', 'Aclosed', 'Anext'])
      expect(await stepsSent(name), name).toEqual(name === 'B' ? ['T-7'] : []);
    await setClock('2027-01-27');
    expect(await told(session.A!.user.id)).toEqual({ reportDueSoon: 5, reportOverdue: 4 });
    expect(await told(user.A2!.id)).toEqual({ reportDueSoon: 5, reportOverdue: 4 });
    expect(await told(session.communeW1!.user.id)).toEqual({ reportDueSoon: 2, reportOverdue: 2 });
    expect(await told(session.centre!.user.id)).toEqual({ reportDueSoon: 2, reportOverdue: 2 });
    expect(await told(session.communeW2!.user.id)).toEqual({ reportDueSoon: 0, reportOverdue: 0 });
    expect(await told(session.department!.user.id)).toEqual({ reportDueSoon: 0, reportOverdue: 0 });
  });

  it('users cannot switch the reminders off', async () => {
    const refused = await t.request({
      method: 'PUT',
      url: '/api/Notification/preferences',
      headers: session.B!.headers,
      payload: { preferences: [{ kind: 'reportOverdue', channel: 'off' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('STATUTORY_KIND');
  });
});

type Task = { key: string; count: number; link: string; listApi: string | null };
/** The report tasks of a workspace, each checked against the filing list it opens (one filter for both). */
async function tasksOf(who: Session): Promise<Record<string, Task>> {
  const res = await t.request({ url: '/api/Workspace/tasks', headers: who.headers, remoteAddress: randomAddress() });
  expect(res.statusCode, res.body).toBe(200);
  const tasks = (res.json().tasks as Task[]).filter((x) => x.key.startsWith('reports.'));
  for (const task of tasks) {
    expect(task.listApi, task.key).toBe(`/api/Report/submissions?${task.link.split('?')[1]}`);
    const list = await t.request({ url: task.listApi!, headers: who.headers });
    expect(list.statusCode, `${task.key}: ${list.body}`).toBe(200);
    expect(list.json().totalRecord, task.key).toBe(task.count);
  }
  return Object.fromEntries(tasks.map((x) => [x.key, x]));
}
const counts = (tasks: Record<string, Task>) =>
  Object.fromEntries(Object.entries(tasks).map(([k, v]) => [k.slice('reports.'.length), v.count]));
const filer = (due: number, drafts: number, returned: number, overdue: number) => ({ due, drafts, returned, overdue });

describe('workspace tasks', () => {
  it('before the due day: each reporter its own reports by where they stand; the authority its scope', async () => {
    await setClock('2027-01-09');
    const a = await tasksOf(session.A!);
    // A: one open, one draft, one whose closed period was never filed (Anext not open yet, Afiled accepted).
    expect(counts(a)).toEqual(filer(1, 1, 0, 1));
    expect(a['reports.due']!.link).toBe('/nop-bao-cao/danh-sach?status=open&mine=true');
    expect(a['reports.drafts']!.link).toBe('/nop-bao-cao/danh-sach?status=draft&mine=true');
    expect(a['reports.returned']!.link).toBe('/nop-bao-cao/danh-sach?status=returned&mine=true');
    expect(a['reports.overdue']!.link).toBe('/nop-bao-cao/danh-sach?status=overdue&mine=true');
    expect(counts(await tasksOf(session.R!))).toEqual(filer(0, 0, 1, 0));
    expect(counts(await tasksOf(session.B!))).toEqual(filer(0, 0, 0, 0));
    expect(counts(await tasksOf(session.E!))).toEqual(filer(1, 0, 0, 0));
    expect(counts(await tasksOf(session.G!))).toEqual(filer(0, 0, 0, 1));
    expect(counts(await tasksOf(session.centre!))).toEqual(filer(1, 0, 0, 0));
    // A commune files its own report and oversees its area's.
    expect(counts(await tasksOf(session.communeW1!))).toEqual({ ...filer(1, 0, 0, 0), overdueReporters: 1 });
    expect(counts(await tasksOf(session.communeW2!))).toEqual({ ...filer(0, 0, 0, 0), overdueReporters: 2 });
    const department = await tasksOf(session.department!);
    expect(counts(department)).toEqual({ toReview: 1, overdueReporters: 3 });
    expect(department['reports.toReview']!.link).toBe('/nop-bao-cao/danh-sach?status=submitted');
    expect(department['reports.overdueReporters']!.link).toBe('/nop-bao-cao/danh-sach?status=overdue');
    // Without the review permission no review queue; without the reading permission no report task at all.
    expect(counts(await tasksOf(session.departmentReader!))).toEqual({ overdueReporters: 3 });
    expect(counts(await tasksOf(session.noPermission!))).toEqual({});
  });

  it('after the due day the counts move with the day and with each filing', async () => {
    await setClock('2027-01-11');
    expect(counts(await tasksOf(session.A!))).toEqual(filer(0, 0, 0, 3));
    // W1: A, A2, Aclosed, the commune's own, N (of a type no longer reminded, still expected).
    expect(counts(await tasksOf(session.communeW1!))).toEqual({ ...filer(0, 0, 0, 1), overdueReporters: 5 });
    expect(counts(await tasksOf(session.communeW2!))).toEqual({ ...filer(0, 0, 0, 0), overdueReporters: 2 });
    expect(counts(await tasksOf(session.department!))).toEqual({ toReview: 1, overdueReporters: 8 });
    // The centre files: its overdue task and the department's counts follow at once.
    await sql`insert into report_submission (expected_id, report_type_id, period_key, reporter_kind, reporter_key,
        status, form_code, form_version, first_submitted_on)
      select id, report_type_id, period_key, reporter_kind, reporter_key, 'submitted', 'annual-osh', 1, '2027-01-11'
      from report_expected where id = ${row.Z!}::uuid`.execute(db());
    expect(counts(await tasksOf(session.centre!))).toEqual(filer(0, 0, 0, 0));
    expect(counts(await tasksOf(session.department!))).toEqual({ toReview: 2, overdueReporters: 7 });
    await sql`delete from report_submission where expected_id = ${row.Z!}::uuid`.execute(db());
  });
});

/** A feed parsed as RFC 5545 reads it: physical lines of at most 75 octets, unfolded, values unescaped. */
function parseCalendar(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  const lines = text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
  const unescape = (v: string) => v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
  type Props = Record<string, string>;
  const events: (Props & { alarms: Props[] })[] = [];
  const calendar: Props = {};
  let event: (Props & { alarms: Props[] }) | null = null;
  let alarm: Props | null = null;
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1);
    if (line === 'BEGIN:VEVENT') event = { alarms: [] } as unknown as Props & { alarms: Props[] };
    else if (line === 'END:VEVENT') {
      events.push(event!);
      event = null;
    } else if (line === 'BEGIN:VALARM') alarm = {};
    else if (line === 'END:VALARM') {
      event!.alarms.push(alarm!);
      alarm = null;
    } else if (alarm) alarm[name] = unescape(value);
    else if (event) event[name] = unescape(value);
    else calendar[name] = unescape(value);
  }
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  return { calendar, events };
}

describe('the due-reports calendar', () => {
  let link: { url: string; webcalUrl: string };
  const feed = (url: string, query = '') =>
    t.request({ url: `${new URL(url).pathname}${new URL(url).search}${query}`, remoteAddress: randomAddress() });

  it('gives the reporter a subscription link whose feed lists exactly its reports not filed', async () => {
    await setClock('2027-01-11');
    const res = await t.request({ url: '/api/Report/calendar-link', headers: session.A!.headers });
    expect(res.statusCode, res.body).toBe(200);
    link = res.json();
    expect(link.url).toMatch(/\/api\/Report\/calendar\.ics\?token=/);
    expect(link.webcalUrl).toBe(link.url.replace(/^https?:/, 'webcal:'));
    // The same link when asked again.
    expect((await t.request({ url: '/api/Report/calendar-link', headers: session.A!.headers })).json()).toEqual(link);

    const ics = await feed(link.url);
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parseCalendar(ics.body);
    expect(calendar).toMatchObject({ VERSION: '2.0', METHOD: 'PUBLISH' });
    expect(calendar['X-WR-CALNAME']).toContain('Công ty A');
    // Not filed: A (nothing started), A2 (a draft), Anext (not open yet); filed, closed and other reporters' not.
    const byUid = Object.fromEntries(events.map((e) => [e.UID!, e]));
    const uid = (name: string) => `report-expected-${row[name]}@localhost`;
    expect(Object.keys(byUid).sort()).toEqual([uid('A'), uid('A2'), uid('Anext')].sort());
    const a = byUid[uid('A')]!;
    expect(a['DTSTART;VALUE=DATE']).toBe('20270110');
    expect(a['DTEND;VALUE=DATE']).toBe('20270111');
    expect(a.SUMMARY).toBe(`Hạn nộp: ${NAME1} — năm 2026`);
    expect(a.DESCRIPTION).toContain('Hạn nộp: ngày 10/01/2027.');
    expect(a.URL).toBe(new URL(`/nop-bao-cao/danh-sach?reportTypeId=${type.one}&periodKey=2026`, link.url).toString());
    expect(a.alarms).toEqual([{ ACTION: 'DISPLAY', TRIGGER: '-P7D', DESCRIPTION: a.SUMMARY }]);
    expect(byUid[uid('A2')]!.DESCRIPTION).toContain('đang soạn');
    expect(byUid[uid('Anext')]!['DTSTART;VALUE=DATE']).toBe('20280110');
    // The long name with its comma and semicolon was escaped and folded, and reads back whole.
    expect(ics.body).toMatch(/\r\n /);
    expect(ics.body.replace(/\r\n /g, '')).toContain('an toàn\\, vệ sinh lao động\\; thử');

    // The same feed in English.
    const english = parseCalendar((await feed(link.url, '&lang=en')).body);
    expect(english.events.find((e) => e.UID === uid('A'))!.SUMMARY).toBe(`Due: ${NAME1} — year 2026`);
  });

  it('a report filed leaves the feed; a returned one is in it with what to do', async () => {
    await submission('A', 'submitted', '2027-01-11');
    const { events } = parseCalendar((await feed(link.url)).body);
    expect(events.map((e) => e.UID).sort()).toEqual(
      [`report-expected-${row.A2}@localhost`, `report-expected-${row.Anext}@localhost`].sort(),
    );
    await sql`delete from report_submission where expected_id = ${row.A!}::uuid`.execute(db());
    const r = (await t.request({ url: '/api/Report/calendar-link', headers: session.R!.headers })).json();
    const returned = parseCalendar((await feed(r.url)).body).events;
    expect(returned).toHaveLength(1);
    expect(returned[0]!.DESCRIPTION).toContain('trả lại');
  });

  it('a new link ends the old one; a disabled account’s link gives nothing', async () => {
    const renewed = await t.request({
      method: 'POST',
      url: '/api/Report/calendar-link/reset',
      headers: session.A!.headers,
      payload: { confirm: true },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().url).not.toBe(link.url);
    const old = await feed(link.url);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.code).toBe('CALENDAR_NOT_FOUND');
    expect((await feed(renewed.json().url)).statusCode).toBe(200);
    const centre = (await t.request({ url: '/api/Report/calendar-link', headers: session.centre!.headers })).json();
    expect(parseCalendar((await feed(centre.url)).body).events).toHaveLength(1);
    await sql`update app_user set status = 'disabled' where id = ${session.centre!.user.id}::uuid`.execute(db());
    expect((await feed(centre.url)).statusCode).toBe(404);
  });

  it('answers bad input and callers who file nothing with 4xx', async () => {
    const token = new URL(link.url).searchParams.get('token')!;
    const forged = `${session.B!.user.id}.${token.split('.')[1]}`;
    for (const [url, status] of [
      ['/api/Report/calendar.ics', 400],
      ['/api/Report/calendar.ics?token=abc', 400],
      [`/api/Report/calendar.ics?token=${token}x`, 400],
      [`/api/Report/calendar.ics?token=${token}&lang=fr`, 400],
      [`/api/Report/calendar.ics?token=${forged}`, 404],
      [`/api/Report/calendar.ics?token=${session.A!.user.id}.${'A'.repeat(43)}`, 404],
    ] as const) {
      const res = await t.request({ url, remoteAddress: randomAddress() });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().error.code, url).toEqual(expect.any(String));
    }
    expect((await t.request({ url: '/api/Report/calendar-link' })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api/Report/calendar-link/reset' })).statusCode).toBe(401);
    const notReporter = await t.request({ url: '/api/Report/calendar-link', headers: session.department!.headers });
    // The department may read the filing pages but files no reports: a conflict, not a refusal.
    expect(notReporter.statusCode).toBe(409);
    expect(notReporter.json().error.code).toBe('NOT_A_REPORTER');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/Report/calendar-link/reset',
          headers: session.department!.headers,
          payload: { confirm: true },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await t.request({ url: '/api/Report/calendar-link', headers: session.noPermission!.headers })).statusCode,
    ).toBe(403);
    // A new link needs the caller's confirmation.
    const current = (await t.request({ url: '/api/Report/calendar-link', headers: session.A!.headers })).json();
    for (const payload of [undefined, {}, { confirm: false }, { confirm: 'true' }]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/Report/calendar-link/reset',
        headers: session.A!.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toEqual(expect.any(String));
    }
    // Nothing was written by the refused calls: the link stands, A's one reset is the only row.
    expect((await t.request({ url: '/api/Report/calendar-link', headers: session.A!.headers })).json()).toEqual(
      current,
    );
    const feeds = await sql<{ n: number }>`select count(*)::int as n from report_calendar_feed`.execute(db());
    expect(feeds.rows[0]!.n).toBe(1);
  });
});
