import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/equipment/rules';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { runTrainingReminders } from '../src/modules/training/reminders.ts';
import {
  adminUser,
  createBusiness,
  randomAddress,
  scopeFixture,
  sessionWith,
  signIn,
  type Session,
} from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * "Trained until when" and its refresher lists: each worker's current credential per group, its state on a fixed
 * day (valid, due soon on the boundary days, expired, never trained; superseded and revoked credentials ignored),
 * the scope of each side, the daily reminders (once each, on the notice day and the day after expiry), the
 * workspace counts against the lists they link to, the summary table (and its xlsx) against a hand-computed
 * fixture, the export, and bad input.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let admin: Session;
const db = () => t.database.db;
/** The fixed day the states are computed for. */
const TODAY = '2026-06-15';
const NOTICE = 30;
const groups: Record<string, string> = {};

const PERMISSIONS = [
  'TrainingCertificate.read',
  'TrainingCertificate.create',
  'TrainingCertificate.export',
  'Worker.read',
  'TargetTraining.read',
];

const LIST = '/api/TrainingCertificate/get-paging-refresher';
const EXPORT = '/api/TrainingCertificate/export-excel-refresher';
const SUMMARY = '/api/TrainingCertificate/get-summary';
const SUMMARY_XLSX = '/api/TrainingCertificate/export-excel-summary';

interface Row {
  key: string;
  workerId: string;
  fullName: string;
  businessId: string;
  targetTrainingId: string;
  certificateNumber: string | null;
  validUntil: string | null;
  state: string;
}
interface Page {
  pageLists: Row[];
  totalRecord: number;
  totalKind?: string;
  today: string;
  noticeDays: number;
}

async function setClock(today: string | null): Promise<void> {
  const res = await t.request({ method: 'PUT', url: '/api/Test/clock', headers: admin.headers, payload: { today } });
  expect(res.statusCode, res.body).toBe(200);
}

async function get(as: Session | null, url: string) {
  return t.request({ url, headers: as?.headers ?? {}, remoteAddress: randomAddress() });
}

async function list(as: Session, query = ''): Promise<Page> {
  const res = await get(as, `${LIST}?pageSize=500${query ? `&${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

let citizen = 100_000_000;
/** A worker of `businessId` in `group` (a code), still employed unless `endDate`. */
async function worker(businessId: string, fullName: string, group: string, endDate: string | null = null) {
  citizen += 1;
  const row = await sql<{ id: string }>`insert into worker (business_id, full_name, citizen_id, birth_date, sex,
      target_training_id, end_date, created_by)
    values (${businessId}::uuid, ${fullName}, ${`079${citizen}`}, '1990-01-01', 'male', ${groups[group]!}::uuid,
      ${endDate}::date, 'test') returning id`.execute(db());
  return row.rows[0]!.id;
}

let number = 0;
/** A credential written as the issue flow leaves it (valid until and status set here). */
async function credential(
  workerId: string,
  group: string,
  o: { issuedOn: string; validUntil: string | null; status?: 'current' | 'superseded' | 'revoked' },
) {
  number += 1;
  const row = await sql<{ id: string }>`insert into training_certificate (certificate_number, business_id, worker_id,
      target_training_id, credential, issued_on, valid_until, status, created_by)
    select ${`HL-T-${number}`}, w.business_id, w.id, ${groups[group]!}::uuid, 'logbook', ${o.issuedOn}::date,
      ${o.validUntil}::date, ${o.status ?? 'current'}, 'test'
    from worker w where w.id = ${workerId}::uuid returning id`.execute(db());
  return row.rows[0]!.id;
}

const fixture: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ testClock: true });
  f = await scopeFixture(t, PERMISSIONS);
  admin = await signIn(t, await adminUser(t));
  for (const code of ['NHOM-1', 'NHOM-4']) {
    groups[code] = (
      await sql<{ id: string }>`select id from target_training where code = ${code}`.execute(db())
    ).rows[0]!.id;
  }
  const A = f.businessA.id;
  const B = f.businessB.id;
  // Employer A: every state, with its boundary days.
  fixture.valid = await worker(A, 'Nguyễn Văn An', 'NHOM-4');
  await credential(fixture.valid, 'NHOM-4', { issuedOn: '2025-07-16', validUntil: addDays(TODAY, NOTICE + 1) });
  fixture.noticeDay = await worker(A, 'Trần Thị Bình', 'NHOM-4');
  await credential(fixture.noticeDay, 'NHOM-4', { issuedOn: '2025-07-15', validUntil: addDays(TODAY, NOTICE) });
  fixture.lastDay = await worker(A, 'Lê Văn Cường', 'NHOM-4');
  await credential(fixture.lastDay, 'NHOM-4', { issuedOn: '2024-06-16', validUntil: TODAY });
  fixture.expired = await worker(A, 'Phạm Thị Dung', 'NHOM-4');
  await credential(fixture.expired, 'NHOM-4', { issuedOn: '2024-06-15', validUntil: addDays(TODAY, -1) });
  // A superseded credential (expired long ago) under a current one: only the current counts.
  fixture.renewed = await worker(A, 'Hoàng Văn Em', 'NHOM-4');
  await credential(fixture.renewed, 'NHOM-4', {
    issuedOn: '2024-03-06',
    validUntil: '2025-03-05',
    status: 'superseded',
  });
  await credential(fixture.renewed, 'NHOM-4', { issuedOn: '2025-12-01', validUntil: '2026-11-30' });
  // A revoked credential is none: never trained.
  fixture.revoked = await worker(A, 'Vũ Thị Giang', 'NHOM-4');
  await credential(fixture.revoked, 'NHOM-4', { issuedOn: '2025-05-01', validUntil: '2026-04-30', status: 'revoked' });
  fixture.never = await worker(A, 'Đặng Văn Hùng', 'NHOM-1');
  // Employment ended: in no list.
  fixture.left = await worker(A, 'Bùi Thị Kim', 'NHOM-4', addDays(TODAY, -10));
  await credential(fixture.left, 'NHOM-4', { issuedOn: '2024-01-10', validUntil: '2025-01-09' });
  // Trained for another group than the worker's own: that row valid, the own group never trained.
  fixture.otherGroup = await worker(A, 'Ngô Văn Long', 'NHOM-4');
  await credential(fixture.otherGroup, 'NHOM-1', { issuedOn: '2025-02-01', validUntil: '2027-01-31' });
  // Employer B: one expired, one never trained.
  fixture.bExpired = await worker(B, 'Đỗ Thị Mai', 'NHOM-4');
  await credential(fixture.bExpired, 'NHOM-4', { issuedOn: '2025-06-14', validUntil: addDays(TODAY, -40) });
  fixture.bNever = await worker(B, 'Lý Văn Nam', 'NHOM-4');
  await setClock(TODAY);
});

afterAll(async () => {
  if (admin) await setClock(null);
  await t?.close();
});

const byState = (rows: Row[]) => {
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.state] ??= []).push(`${r.fullName}/${r.targetTrainingId === groups['NHOM-1'] ? 1 : 4}`);
  for (const k of Object.keys(out)) out[k]!.sort();
  return out;
};

describe('states on a fixed day', () => {
  it('computes valid, due soon (both boundary days), expired and never trained; ignores superseded, revoked and ended', async () => {
    const page = await list(f.employerA);
    expect(page.today).toBe(TODAY);
    expect(page.noticeDays).toBe(NOTICE);
    expect(byState(page.pageLists)).toEqual({
      valid: ['Hoàng Văn Em/4', 'Ngô Văn Long/1', 'Nguyễn Văn An/4'].sort(),
      dueSoon: ['Lê Văn Cường/4', 'Trần Thị Bình/4'].sort(),
      expired: ['Phạm Thị Dung/4'],
      neverTrained: ['Vũ Thị Giang/4', 'Ngô Văn Long/4', 'Đặng Văn Hùng/1'].sort(),
    });
    expect(page.totalRecord).toBe(9);
    expect(page.pageLists.some((r) => r.workerId === fixture.left)).toBe(false);
    const renewed = page.pageLists.find((r) => r.workerId === fixture.renewed)!;
    expect(renewed.validUntil).toBe('2026-11-30');
  });

  it('filters the needs-refresher and needs-training lists, by group and by name without accents, sorted by expiry', async () => {
    const refresher = await list(f.employerA, 'state=needsRefresher');
    expect(refresher.pageLists.map((r) => r.fullName)).toEqual(['Phạm Thị Dung', 'Lê Văn Cường', 'Trần Thị Bình']);
    const desc = await list(f.employerA, 'state=needsRefresher&sortField=validUntil&sortOrder=desc');
    expect(desc.pageLists.map((r) => r.fullName)).toEqual(['Trần Thị Bình', 'Lê Văn Cường', 'Phạm Thị Dung']);
    const training = await list(f.employerA, 'state=neverTrained');
    expect(training.totalRecord).toBe(3);
    expect(training.pageLists.every((r) => r.certificateNumber === null && r.validUntil === null)).toBe(true);
    const group1 = await list(f.employerA, `targetTrainingId=${groups['NHOM-1']}`);
    expect(group1.pageLists.map((r) => `${r.fullName}:${r.state}`).sort()).toEqual([
      'Ngô Văn Long:valid',
      'Đặng Văn Hùng:neverTrained',
    ]);
    const search = await list(f.employerA, 'keyWord=nguyen%20van%20an');
    expect(search.pageLists.map((r) => r.fullName)).toEqual(['Nguyễn Văn An']);
    const dang = await list(f.employerA, 'keyWord=dang%20van');
    expect(dang.pageLists.map((r) => r.fullName)).toEqual(['Đặng Văn Hùng']);
    const paged = await get(f.employerA, `${LIST}?pageSize=2&pageNumber=2`);
    expect(paged.json().pageLists).toHaveLength(2);
    expect(paged.json().totalRecord).toBe(9);
  });
});

describe('scope', () => {
  it('shows an employer its own workers only, a commune its employers, the department all', async () => {
    const b = await list(f.employerB);
    expect(new Set(b.pageLists.map((r) => r.businessId))).toEqual(new Set([f.businessB.id]));
    expect(byState(b.pageLists)).toEqual({ expired: ['Đỗ Thị Mai/4'], neverTrained: ['Lý Văn Nam/4'] });
    // Asking for the other employer gives nothing.
    expect((await list(f.employerB, `businessId=${f.businessA.id}`)).totalRecord).toBe(0);
    const communeA = await list(f.districtA);
    expect(new Set(communeA.pageLists.map((r) => r.businessId))).toEqual(new Set([f.businessA.id]));
    expect(communeA.totalRecord).toBe(9);
    const communeB = await list(f.districtB, 'state=expired');
    expect(communeB.pageLists.map((r) => r.fullName)).toEqual(['Đỗ Thị Mai']);
    const department = await list(f.department, 'state=expired');
    expect(department.pageLists.map((r) => r.fullName)).toEqual(['Đỗ Thị Mai', 'Phạm Thị Dung']);
    const byEmployer = await list(f.department, `businessId=${f.businessA.id}&state=needsRefresher`);
    expect(byEmployer.totalRecord).toBe(3);
    const byWard = await list(f.department, `wardId=${encodeURIComponent(f.wards[1])}`);
    expect(byWard.totalRecord).toBe(2);
  });
});

describe('credentials issued through the catalogue', () => {
  it('a credential created through the TrainingCertificate route shows as the worker’s current one', async () => {
    const w = await worker(f.businessA.id, 'Mai Văn Phúc', 'NHOM-4');
    const res = await t.request({
      method: 'POST',
      url: '/api/TrainingCertificate/trainingCertificates',
      headers: f.employerA.headers,
      payload: {
        certificateNumber: 'SO-HL-CDX-0001',
        workerId: w,
        targetTrainingId: groups['NHOM-4'],
        credential: 'logbook',
        issuedOn: addDays(TODAY, -10),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = (await list(f.employerA, 'keyWord=mai%20van%20phuc')).pageLists;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ certificateNumber: 'SO-HL-CDX-0001', state: 'valid' });
    await sql`delete from training_certificate where worker_id = ${w}::uuid`.execute(db());
    await sql`delete from worker where id = ${w}::uuid`.execute(db());
  });
});

describe('workspace', () => {
  it('counts what the lists its tasks link to show', async () => {
    const ws = await get(f.employerA, '/api/Workspace/tasks');
    expect(ws.statusCode, ws.body).toBe(200);
    const tasks = ws.json().tasks as { key: string; count: number; link: string }[];
    for (const [key, state, expected] of [
      ['training.dueSoon', 'dueSoon', 2],
      ['training.expired', 'expired', 1],
      ['training.neverTrained', 'neverTrained', 3],
    ] as const) {
      const task = tasks.find((x) => x.key === key)!;
      expect(task, key).toBeDefined();
      expect(task.count).toBe(expected);
      expect(task.link).toContain(`state=${state}`);
      const query = task.link.split('?')[1];
      expect((await list(f.employerA, query)).totalRecord).toBe(task.count);
    }
    const figures = ws.json().figures as { key: string; value: number }[];
    expect(figures.find((x) => x.key === 'training.trainedWorkers')?.value).toBe(5);
    // The authority side: the expired credentials in its scope, as many as the list its card opens shows.
    const commune = (await get(f.districtA, '/api/Workspace/tasks')).json().tasks as { key: string; count: number }[];
    const communeExpired = commune.find((x) => x.key === 'training.employersWithExpired')?.count;
    expect(communeExpired).toBeGreaterThan(0);
    expect(communeExpired).toBe((await list(f.districtA, 'state=expired')).totalRecord);
    expect(commune.some((x) => x.key === 'training.dueSoon')).toBe(false);
    const dept = (await get(f.department, '/api/Workspace/tasks')).json().tasks as { key: string; count: number }[];
    const deptExpired = dept.find((x) => x.key === 'training.employersWithExpired')?.count;
    expect(deptExpired).toBeGreaterThan(communeExpired ?? 0);
    expect(deptExpired).toBe((await list(f.department, 'state=expired')).totalRecord);
  });
});

describe('summary table', () => {
  it('counts people trained in the period by group × commune, with totals, and exports the same as xlsx', async () => {
    const res = await get(f.department, `${SUMMARY}?from=2025-01-01&to=2025-12-31`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      rows: { targetTrainingId: string; wardId: string; issued: number; initial: number; periodic: number }[];
      totals: { issued: number; initial: number; periodic: number };
    };
    const cells = body.rows.map((r) => [
      r.targetTrainingId === groups['NHOM-1'] ? 'NHOM-1' : 'NHOM-4',
      r.wardId,
      r.issued,
      r.initial,
      r.periodic,
    ]);
    // By hand: A (ward 0) issued in 2025 — An, Bình, Em's renewal (a refresher: he held one from 2024), Long (group
    // 1); Giang's was revoked. B (ward 1): Mai. Cường's, Dung's and Kim's were issued in 2024.
    expect(cells).toEqual(
      expect.arrayContaining([
        ['NHOM-1', f.wards[0], 1, 1, 0],
        ['NHOM-4', f.wards[0], 3, 2, 1],
        ['NHOM-4', f.wards[1], 1, 1, 0],
      ]),
    );
    expect(cells).toHaveLength(3);
    expect(body.totals).toEqual({ issued: 5, initial: 4, periodic: 1 });
    const commune = (await get(f.districtA, `${SUMMARY}?from=2025-01-01&to=2025-12-31`)).json();
    expect(commune.totals).toEqual({ issued: 4, initial: 3, periodic: 1 });
    const group = (
      await get(f.department, `${SUMMARY}?from=2025-01-01&to=2025-12-31&targetTrainingId=${groups['NHOM-4']}`)
    ).json();
    expect(group.totals.issued).toBe(4);

    const file = await get(f.department, `${SUMMARY_XLSX}?from=2025-01-01&to=2025-12-31`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const last = sheet.getRow(sheet.rowCount).values as unknown[];
    expect(last.slice(1)).toEqual(['Tổng cộng', '', 5, 4, 1]);
    expect(sheet.getRow(2).getCell(1).value).toBe('Từ ngày 01/01/2025 đến ngày 31/12/2025');
    const group4 = (await sql<{ name: string }>`select name from target_training where code = 'NHOM-4'`.execute(db()))
      .rows[0]!.name;
    expect(sheet.getColumn(1).values.map(String)).toContain(group4);
    expect(sheet.rowCount).toBe(4 + 3 + 1);
  });
});

describe('export', () => {
  it('streams the filtered list as xlsx, in the list’s order', async () => {
    const file = await get(f.employerA, `${EXPORT}?state=needsRefresher`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(1).value).toBe('Phạm Thị Dung');
    const until = sheet.getRow(2).getCell(9).value as Date;
    expect(until.toISOString().slice(0, 10)).toBe(addDays(TODAY, -1));
    expect(sheet.getRow(2).getCell(10).value).toBe('Đã hết hạn');
    // Another employer's export holds none of A's workers.
    const other = await get(f.employerB, EXPORT);
    const otherBook = new ExcelJS.Workbook();
    await otherBook.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
    const names = otherBook.worksheets[0]!.getColumn(1).values.map(String);
    expect(names).toContain('Lý Văn Nam');
    expect(names).not.toContain('Phạm Thị Dung');
  });
});

describe('reminders', () => {
  it('tells the employer once on the notice day and once the day after expiry, never twice', async () => {
    const other = (
      await sql<{ id: string }>`select id from admin_unit where level = 'ward' and province_id = '2025:68'
        and id not in (${f.wards[0]}, ${f.wards[1]}) order by id limit 1`.execute(db())
    ).rows[0]!.id;
    const C = await createBusiness(t, other, 'Công ty C');
    const employerC = await sessionWith(t, { permissions: PERMISSIONS, unitId: C.unitId });
    const w = await worker(C.id, 'Tạ Văn Quang', 'NHOM-4');
    const expiry = '2026-09-30';
    await credential(w, 'NHOM-4', { issuedOn: '2025-10-01', validUntil: expiry });
    const notices = async (kind: string) =>
      (
        await sql<{ n: number; content: string | null }>`select count(*)::int as n, max(n.params::text) as content
          from notification n where n.user_id = ${employerC.user.id}::uuid and n.kind = ${kind}`.execute(db())
      ).rows[0]!;

    await setClock(addDays(expiry, -NOTICE - 1));
    expect((await notices('trainingRefresherDue')).n).toBe(0);
    await setClock(addDays(expiry, -NOTICE));
    const due = await notices('trainingRefresherDue');
    expect(due.n).toBe(1);
    expect(JSON.parse(due.content!)).toMatchObject({ count: 1, days: NOTICE, date: '30/09/2026' });
    await setClock(addDays(expiry, -NOTICE + 1));
    await runTrainingReminders(t.app, addDays(expiry, -NOTICE + 1));
    expect((await notices('trainingRefresherDue')).n).toBe(1);
    await setClock(expiry);
    expect((await notices('trainingRefresherDue')).n).toBe(1);
    expect((await notices('trainingCredentialsExpired')).n).toBe(0);
    await setClock(addDays(expiry, 1));
    expect((await notices('trainingCredentialsExpired')).n).toBe(1);
    await setClock(addDays(expiry, 2));
    await runTrainingReminders(t.app, addDays(expiry, 2));
    expect((await notices('trainingCredentialsExpired')).n).toBe(1);
    expect((await notices('trainingRefresherDue')).n).toBe(1);
    // The link opens the list filtered.
    const link = await sql<{ link: string }>`select link from notification where user_id = ${employerC.user.id}::uuid
      and kind = 'trainingCredentialsExpired'`.execute(db());
    expect(link.rows[0]!.link).toBe('/an-toan-ve-sinh-lao-dong/huan-luyen-ATVSLD?state=expired');
    // No other employer's user heard of C's credential.
    const elsewhere = await sql<{ n: number }>`select count(*)::int as n from notification n
      join app_user u on u.id = n.user_id
      where n.kind in ('trainingRefresherDue', 'trainingCredentialsExpired') and u.unit_id = ${f.businessB.unitId}::uuid
        and n.params->>'date' = '30/09/2026'`.execute(db());
    expect(elsewhere.rows[0]!.n).toBe(0);
    await setClock(TODAY);
  });
});

describe('bad input and access', () => {
  it('answers 4xx with the error body', async () => {
    for (const url of [
      `${LIST}?state=soon`,
      `${LIST}?pageSize=0`,
      `${LIST}?pageNumber=abc`,
      `${LIST}?targetTrainingId=NHOM-4`,
      `${LIST}?wardId=Xuan%20Huong`,
      `${LIST}?sortOrder=sideways`,
      `${EXPORT}?state=soon`,
      `${SUMMARY}?from=2026-05-01&to=2026-01-01`,
      `${SUMMARY}?from=01/01/2026`,
      `${SUMMARY_XLSX}?targetTrainingId=x`,
    ]) {
      const res = await get(f.department, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBeDefined();
    }
    expect((await get(null, LIST)).statusCode).toBe(401);
    expect((await get(null, SUMMARY)).statusCode).toBe(401);
    const nobody = await sessionWith(t, { permissions: ['Worker.read'], unitId: f.businessA.unitId });
    expect((await get(nobody, LIST)).statusCode).toBe(403);
    expect((await get(nobody, SUMMARY)).statusCode).toBe(403);
    const readOnly = await sessionWith(t, { permissions: ['TrainingCertificate.read'], unitId: f.businessA.unitId });
    expect((await get(readOnly, EXPORT)).statusCode).toBe(403);
  });
});

describe('demo province', () => {
  let d: TestApp;
  beforeAll(async () => {
    d = await createTestApp({}, {}, { demo: true });
  });
  afterAll(async () => d?.close());

  it('shows the status list and the summary to the coffee company, the department and Xuân Hương', async () => {
    for (const userName of ['dn.caudatxanh', 'canbo.so', 'canbo.xuanhuong']) {
      const who = await signIn(d, { userName, password: DEMO_PASSWORD });
      const res = await d.request({
        url: `${LIST}?pageSize=100`,
        headers: who.headers,
        remoteAddress: randomAddress(),
      });
      expect(res.statusCode, `${userName}: ${res.body}`).toBe(200);
      const page = res.json() as Page;
      expect(page.totalRecord, userName).toBeGreaterThan(0);
      const states = new Set(page.pageLists.map((r) => r.state));
      expect(states.size, `${userName}: ${[...states].join(', ')}`).toBeGreaterThan(0);
      const ws = await d.request({ url: '/api/Workspace/tasks', headers: who.headers, remoteAddress: randomAddress() });
      expect(ws.statusCode).toBe(200);
    }
    const department = await signIn(d, { userName: 'canbo.so', password: DEMO_PASSWORD });
    const summary = await d.request({ url: `${SUMMARY}?from=2020-01-01`, headers: department.headers });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().totals.issued).toBeGreaterThan(0);
  });
});
