import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingStatus } from '@portal/domain/reports/filing';
import { clock } from '../../src/platform/clock/index.ts';
import { sessionWith, type Session } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { caller } from '../support/calls.ts';
import { expectedRow, filingFixture, reportType, type FilingFixture } from './filing.fixtures.ts';

/**
 * Filing a periodic report, the whole cycle: the draft opened pre-filled from the registers, saved, filed with a
 * numbered receipt and a version, returned with comments on fields, corrected and filed again (its changes
 * answered), accepted and locked; who sees what; bad input refused with nothing written.
 */
let t: TestApp;
let f: FilingFixture;
let call: ReturnType<typeof caller>;
let annual: { id: string; code: string };
let commune: { id: string; code: string };
let submissionId: string;
const R = '/api/Report';
const today = () => clock.today();

type Detail = {
  id: string;
  status: string;
  version: number;
  values: Record<string, unknown>;
  registerValues: Record<string, unknown>;
  differences: { path: string; before: unknown; after: unknown }[];
  changes: { path: string; before: unknown; after: unknown }[];
  versions: { seq: number; changedPaths: string[] }[];
  comments: { versionSeq: number; fieldPath: string; comment: string }[];
  returned: { reason: string | null; versionSeq: number; comments: Record<string, string> } | null;
  actions: string[];
  side: string;
  number: string | null;
  firstSubmittedOn: string | null;
  locked: boolean;
  late: boolean | null;
  hasReceipt: boolean;
  history: { action: string; reason: string | null }[];
  form: { code: string; version: number };
};

const detail = async (who: Session, id = submissionId): Promise<Detail> => {
  const res = await call(who, 'GET', `${R}/submissions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Detail;
};
const rows = async (who: Session, query: Record<string, string> = {}) => {
  const res = await call(who, 'GET', `${R}/submissions`, undefined, { pageSize: '100', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pageLists as {
    expectedId: string;
    submissionId: string | null;
    status: string;
    typeCode: string;
    mine: boolean;
    late: boolean | null;
    dueOn: string;
    opensOn: string;
  }[];
};
const count = async (table: string, where = sql`true`) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.database.db))
      .rows[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  f = await filingFixture(t);
  call = caller(t);
  const db = t.database.db;
  annual = await reportType(t, { form: 'annual-osh' });
  commune = await reportType(t, { form: 'commune-osh', filer: 'commune' });

  // The registers of employer A: three workers employed at the end of 2025 (two women), one who left in 2024; its
  // record says two in hazardous jobs; a fatal accident in 2025 with two victims.
  await sql`update business set hazardous_count = 2, employee_count = 40, female_count = 20
    where id = ${f.businessA.id}::uuid`.execute(db);
  for (const [name, sex, start, end] of [
    ['Nguyễn Thị Lan', 'female', '2020-03-01', null],
    ['Trần Thị Mai', 'female', '2024-06-01', null],
    ['Lê Văn Hùng', 'male', '2019-01-01', null],
    ['Phạm Văn Nam', 'male', '2018-01-01', '2024-05-31'],
  ] as const)
    await sql`insert into worker (business_id, full_name, sex, birth_date, start_date, end_date)
      values (${f.businessA.id}::uuid, ${name}, ${sex}, '1990-01-01', ${start}::date, ${end}::date)`.execute(db);
  const unit = await sql<{ id: string }>`select id from unit where business_id = ${f.businessA.id}::uuid`.execute(db);
  const accident = await sql<{ id: string }>`insert into accident (code, code_year, code_sequence, business_id, ward_id,
      declared_by_unit_id, declarant_kind, occurred_at, place, description, severity, victim_count, death_count,
      serious_count)
    values ('9901/2025/TNLĐ', 2025, 9901, ${f.businessA.id}::uuid, ${f.wards[0]}, ${unit.rows[0]!.id}::uuid, 'employer',
      '2025-08-15T02:00:00Z', 'Xưởng sấy', 'Ngã từ giàn sấy', 'fatal', 2, 1, 1)
    returning id`.execute(db);
  await sql`insert into accident_victim (accident_id, position, full_name, female, severity, days_off)
    values (${accident.rows[0]!.id}::uuid, 0, 'Lê Văn Hùng', false, 'fatal', 0),
      (${accident.rows[0]!.id}::uuid, 1, 'Trần Thị Mai', true, 'serious', 30)`.execute(db);

  await expectedRow(t, {
    typeId: annual.id,
    kind: 'business',
    key: f.businessA.id,
    businessId: f.businessA.id,
    wardCode: f.wards[0],
    name: 'Công ty A',
  });
  await expectedRow(t, {
    typeId: annual.id,
    kind: 'business',
    key: f.businessB.id,
    businessId: f.businessB.id,
    wardCode: f.wards[1],
    name: 'Công ty B',
    due: -3,
  });
  for (const ward of f.wards)
    await expectedRow(t, { typeId: commune.id, kind: 'commune', key: ward, wardCode: ward, name: `UBND ${ward}` });
});
afterAll(async () => t?.close());

describe('opening a report', () => {
  it('opens a draft pre-filled from the registers, and the same one again', async () => {
    const res = await call(f.employerA, 'POST', `${R}/open-submission`, { reportTypeId: annual.id, periodKey: '2025' });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as Detail;
    submissionId = d.id;
    expect(d).toMatchObject({ status: 'draft', side: 'filer', number: null, hasReceipt: false });
    expect(d.form).toMatchObject({ code: 'annual-osh', version: 1 });
    expect(d.actions).toEqual(['edit', 'submit', 'delete']);
    // The worker register (3 employed at the period's end, 2 women), the employer record (2 hazardous), accidents.
    expect(d.values).toMatchObject({
      totalWorkers: 3,
      femaleWorkers: 2,
      hazardousWorkers: 2,
      accidents: 1,
      fatalAccidents: 1,
      victims: 2,
      deaths: 1,
      accidentDaysOff: 30,
      equipmentTotal: 0,
      monitoringSamples: 0,
    });
    expect(d.registerValues).toMatchObject({ totalWorkers: 3, femaleWorkers: 2, hazardousWorkers: 2, victims: 2 });
    expect(d.registerValues['trainingGroups.0.people']).toBe(0);
    expect(d.differences).toEqual([]);
    expect(d.history.map((h) => h.action)).toEqual(['create']);

    const again = await call(f.employerA, 'POST', `${R}/open-submission`, {
      reportTypeId: annual.id,
      periodKey: '2025',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(submissionId);
    expect(await count('report_submission', sql`report_type_id = ${annual.id}`)).toBe(1);
  });

  it('refuses a report the caller is not expected to file, and callers who file nothing', async () => {
    // Employer B is expected, but not for 2024; commune A is not expected to file the employers' report.
    const notThisPeriod = await call(f.employerB, 'POST', `${R}/open-submission`, {
      reportTypeId: annual.id,
      periodKey: '2024',
    });
    expect(notThisPeriod.statusCode).toBe(404);
    expect(notThisPeriod.json().error.code).toBe('NOT_EXPECTED');
    const communeOpens = await call(f.districtA, 'POST', `${R}/open-submission`, {
      reportTypeId: annual.id,
      periodKey: '2025',
    });
    expect(communeOpens.statusCode).toBe(404);
    const department = await call(f.reviewer, 'POST', `${R}/open-submission`, {
      reportTypeId: annual.id,
      periodKey: '2025',
    });
    expect(department.statusCode).toBe(404);
    const reader = await sessionWith(t, { permissions: ['ReportSubmission.read'], unitId: f.businessA.unitId });
    const readOnly = await call(reader, 'POST', `${R}/open-submission`, { reportTypeId: annual.id, periodKey: '2025' });
    expect(readOnly.statusCode).toBe(403);
    const badBody = await call(f.employerA, 'POST', `${R}/open-submission`, { reportTypeId: 'x', periodKey: '25' });
    expect(badBody.statusCode).toBe(400);
    expect(
      badBody
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['body.periodKey', 'body.reportTypeId']);
    expect(await count('report_submission', sql`report_type_id = ${annual.id}`)).toBe(1);
  });

  it('opens the commune’s own report from the accidents it declared', async () => {
    const res = await call(f.districtA, 'POST', `${R}/open-submission`, {
      reportTypeId: commune.id,
      periodKey: '2025',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'draft', side: 'filer', reporterKind: 'commune' });
    expect(res.json().values).toMatchObject({ accidents: 0, victims: 0, deaths: 0 });
  });
});

describe('who sees which report', () => {
  it('lists the caller’s own reports, its area’s (never another’s draft), or all', async () => {
    const mine = await rows(f.employerA, { typeCodes: annual.code });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ submissionId, status: 'draft', mine: true });
    const b = await rows(f.employerB, { typeCodes: annual.code });
    expect(b).toHaveLength(1);
    // B's report was due three days ago and nothing is filed.
    expect(b[0]).toMatchObject({ submissionId: null, status: 'overdue', mine: true });

    // Commune A: its own report, and employer A's (in its ward) — whose draft it does not see.
    const area = await rows(f.districtA);
    expect(area.map((r) => r.typeCode).sort()).toEqual([annual.code, commune.code].sort());
    expect(area.find((r) => r.typeCode === annual.code)).toMatchObject({
      submissionId: null,
      status: 'open',
      mine: false,
    });
    expect(area.find((r) => r.typeCode === commune.code)).toMatchObject({ status: 'draft', mine: true });

    // The department sees every expected report; drafts stay the filers' until filed.
    const all = await rows(f.reviewer, { typeCodes: `${annual.code},${commune.code}` });
    expect(all).toHaveLength(4);
    expect(all.every((r) => r.submissionId === null)).toBe(true);
    // The list's status is filing.ts's.
    for (const r of all)
      expect(r.status).toBe(
        filingStatus(
          { state: null, firstSubmittedOn: null },
          { opensOn: r.opensOn, dueOn: r.dueOn, closesOn: null },
          today(),
        ),
      );
    const overdue = await rows(f.reviewer, { typeCodes: annual.code, status: 'overdue' });
    expect(overdue.map((r) => r.status)).toEqual(['overdue']);
  });

  it('answers 404 for a draft outside its filer, and for another employer’s report', async () => {
    expect((await call(f.reviewer, 'GET', `${R}/submissions/${submissionId}`)).statusCode).toBe(404);
    expect((await call(f.employerB, 'GET', `${R}/submissions/${submissionId}`)).statusCode).toBe(404);
    expect((await call(f.districtB, 'GET', `${R}/submissions/${submissionId}`)).statusCode).toBe(404);
  });
});

describe('the draft', () => {
  it('saves values, refusing bad ones with each field and writing nothing', async () => {
    const before = await detail(f.employerA);
    const bad = await call(f.employerA, 'PUT', `${R}/submissions/${submissionId}`, {
      version: before.version,
      values: { ...before.values, totalWorkers: 'ba', femaleWorkers: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_VALUES');
    expect(bad.json().error.details.map((d: { field: string }) => d.field)).toEqual([
      'body.values.totalWorkers',
      'body.values.femaleWorkers',
    ]);
    expect((await detail(f.employerA)).version).toBe(before.version);

    // Declared: 4 workers where the register says 3 (a seasonal worker not in the register).
    const saved = await call(f.employerA, 'PUT', `${R}/submissions/${submissionId}`, {
      version: before.version,
      values: { ...before.values, totalWorkers: 4, minorWorkers: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values.totalWorkers).toBe(4);
    expect(saved.json().differences).toEqual([{ path: 'totalWorkers', before: 3, after: 4 }]);

    const stale = await call(f.employerA, 'PUT', `${R}/submissions/${submissionId}`, {
      version: before.version,
      values: before.values,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');
  });

  it('is no one else’s to save or file', async () => {
    const d = await detail(f.employerA);
    const other = await call(f.employerB, 'PUT', `${R}/submissions/${submissionId}`, {
      version: d.version,
      values: d.values,
    });
    expect(other.statusCode).toBe(404);
    const reviewer = await call(f.reviewer, 'POST', `${R}/accept-submission/${submissionId}`, { version: d.version });
    expect(reviewer.statusCode).toBe(404);
  });
});

describe('filing, returning, filing again, accepting', () => {
  it('refuses to file with a required field blank or a check failing, writing nothing', async () => {
    const d = await detail(f.employerA);
    const res = await call(f.employerA, 'POST', `${R}/submit-submission/${submissionId}`, {
      version: d.version,
      values: { ...d.values, totalWorkers: null, femaleWorkers: 5, hazardousWorkers: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INCOMPLETE');
    expect(res.json().error.details.map((x: { field: string }) => x.field)).toContain('body.values.totalWorkers');
    const after = await detail(f.employerA);
    expect(after).toMatchObject({ status: 'draft', version: d.version, number: null });
    expect(await count('report_submission_version', sql`submission_id = ${submissionId}`)).toBe(0);
  });

  it('files with a receipt number, the first filing day and a version; the department is told', async () => {
    const d = await detail(f.employerA);
    const res = await call(f.employerA, 'POST', `${R}/submit-submission/${submissionId}`, { version: d.version });
    expect(res.statusCode, res.body).toBe(200);
    const filed = res.json() as Detail;
    const year = today().slice(0, 4);
    expect(filed).toMatchObject({ status: 'submitted', number: `0001/${year}/TNBC`, firstSubmittedOn: today() });
    expect(filed.late).toBe(false);
    expect(filed.versions.map((v) => v.seq)).toEqual([1]);
    expect(filed.actions).toEqual([]);
    expect(filed.hasReceipt).toBe(true);
    const notified = await count(
      'notification',
      sql`kind = 'reportSubmitted' and user_id = ${f.reviewer.user.id}::uuid and link = ${`/nop-bao-cao/chi-tiet/${submissionId}`}`,
    );
    expect(notified).toBe(1);

    // Now the department and the commune of its area read it, with the differences to the register.
    const seen = await detail(f.reviewer);
    expect(seen).toMatchObject({ side: 'reviewer', status: 'submitted' });
    expect(seen.actions).toEqual(['return', 'accept']);
    expect(seen.differences).toEqual([{ path: 'totalWorkers', before: 3, after: 4 }]);
    const read = await detail(f.districtA);
    expect(read).toMatchObject({ side: 'reader', actions: [] });
    expect((await rows(f.reviewer, { typeCodes: annual.code })).find((r) => r.submissionId)?.status).toBe('submitted');
  });

  it('lets only the department return, with a reason and comments on fields of the form', async () => {
    const d = await detail(f.reviewer);
    const byFiler = await call(f.employerA, 'POST', `${R}/return-submission/${submissionId}`, {
      version: d.version,
      reason: 'x',
      comments: [{ fieldPath: 'totalWorkers', comment: 'x' }],
    });
    expect(byFiler.statusCode).toBe(403);
    const noComments = await call(f.reviewer, 'POST', `${R}/return-submission/${submissionId}`, {
      version: d.version,
      reason: 'Thiếu số liệu',
      comments: [],
    });
    expect(noComments.statusCode).toBe(400);
    const unknown = await call(f.reviewer, 'POST', `${R}/return-submission/${submissionId}`, {
      version: d.version,
      reason: 'Thiếu số liệu',
      comments: [
        { fieldPath: 'totalWorkers', comment: 'Số lao động khác sổ quản lý lao động (3)' },
        { fieldPath: 'noSuchField', comment: '?' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('body.comments.1.fieldPath');
    expect(await count('report_field_comment', sql`submission_id = ${submissionId}`)).toBe(0);
    expect((await detail(f.reviewer)).status).toBe('submitted');

    const res = await call(f.reviewer, 'POST', `${R}/return-submission/${submissionId}`, {
      version: d.version,
      reason: 'Số lao động chưa khớp sổ quản lý lao động',
      comments: [
        { fieldPath: 'totalWorkers', comment: 'Số lao động khác sổ quản lý lao động (3)' },
        { fieldPath: 'trainingGroups.2.trained', comment: 'Nhóm 3 chưa ghi số người đã huấn luyện' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('returned');
    const mine = await detail(f.employerA);
    expect(mine.returned).toEqual({
      reason: 'Số lao động chưa khớp sổ quản lý lao động',
      versionSeq: 1,
      comments: {
        totalWorkers: 'Số lao động khác sổ quản lý lao động (3)',
        'trainingGroups.2.trained': 'Nhóm 3 chưa ghi số người đã huấn luyện',
      },
    });
    expect(mine.actions).toEqual(['edit', 'resubmit']);
    expect(mine.changes).toEqual([]);
    expect(
      await count('notification', sql`kind = 'reportReturned' and link = ${`/nop-bao-cao/chi-tiet/${submissionId}`}`),
    ).toBeGreaterThan(0);
  });

  it('files again with the changes since the returned version answered', async () => {
    const d = await detail(f.employerA);
    const values = { ...d.values, totalWorkers: 3 } as Record<string, unknown>;
    const saved = await call(f.employerA, 'PUT', `${R}/submissions/${submissionId}`, { version: d.version, values });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().changes).toEqual([{ path: 'totalWorkers', before: 4, after: 3 }]);
    // "submit" is a draft's move; a returned report is filed again.
    const wrongMove = await call(f.employerA, 'POST', `${R}/submit-submission/${submissionId}`, {
      version: saved.json().version,
    });
    expect(wrongMove.statusCode).toBe(409);
    const res = await call(f.employerA, 'POST', `${R}/resubmit-submission/${submissionId}`, {
      version: saved.json().version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const again = res.json() as Detail;
    expect(again).toMatchObject({ status: 'submitted', number: `0001/${today().slice(0, 4)}/TNBC` });
    expect(again.firstSubmittedOn).toBe(today());
    expect(again.changes).toEqual([{ path: 'totalWorkers', before: 4, after: 3 }]);
    expect(again.versions.map((v) => [v.seq, v.changedPaths])).toEqual([
      [1, []],
      [2, ['totalWorkers']],
    ]);
    expect(again.differences).toEqual([]);
    // The reviewer's comments stay with the version they were made on.
    expect(again.comments.map((c) => [c.versionSeq, c.fieldPath])).toEqual([
      [1, 'totalWorkers'],
      [1, 'trainingGroups.2.trained'],
    ]);
    expect(again.history.map((h) => h.action)).toEqual(['create', 'edit', 'submit', 'return', 'edit', 'resubmit']);
  });

  it('accepts, locking the report: nothing moves it any more', async () => {
    const d = await detail(f.reviewer);
    const res = await call(f.reviewer, 'POST', `${R}/accept-submission/${submissionId}`, { version: d.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', locked: true, actions: [] });
    const again = await call(f.reviewer, 'POST', `${R}/return-submission/${submissionId}`, {
      version: res.json().version,
      reason: 'x',
      comments: [{ fieldPath: 'totalWorkers', comment: 'x' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('LOCKED');
    expect(await count('notification', sql`kind = 'reportAccepted'`)).toBeGreaterThan(0);
    const listed = (await rows(f.employerA, { typeCodes: annual.code }))[0]!;
    expect(listed).toMatchObject({ status: 'accepted', late: false });
  });
});

describe('types that do not lock, closed periods and late filings', () => {
  it('sends an accepted report back when its type does not lock, and closes the period to the filer only', async () => {
    const open = await reportType(t, { form: 'annual-osh', lockOnAccept: false });
    await expectedRow(t, {
      typeId: open.id,
      kind: 'business',
      key: f.businessB.id,
      businessId: f.businessB.id,
      wardCode: f.wards[1],
      name: 'Công ty B',
      due: -2,
    });
    const opened = await call(f.employerB, 'POST', `${R}/open-submission`, {
      reportTypeId: open.id,
      periodKey: '2025',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().id as string;
    const values = { ...opened.json().values, totalWorkers: 12 };
    const filed = await call(f.employerB, 'POST', `${R}/submit-submission/${id}`, {
      version: opened.json().version,
      values,
    });
    expect(filed.statusCode, filed.body).toBe(200);
    // Due two days ago: late, in the detail and the list.
    expect(filed.json()).toMatchObject({ late: true, number: `0002/${today().slice(0, 4)}/TNBC` });
    expect((await rows(f.employerB, { typeCodes: open.code }))[0]).toMatchObject({ status: 'submitted', late: true });

    const accepted = await call(f.reviewer, 'POST', `${R}/accept-submission/${id}`, { version: filed.json().version });
    expect(accepted.json()).toMatchObject({ status: 'accepted', locked: false, actions: ['return'] });

    // The period closes: the filer can do nothing more, the department still acts.
    await sql`update report_expected set closes_on = ${today()}::date where report_type_id = ${open.id}`.execute(
      t.database.db,
    );
    const back = await call(f.reviewer, 'POST', `${R}/return-submission/${id}`, {
      version: accepted.json().version,
      reason: 'Cần bổ sung chi phí huấn luyện',
      comments: [{ fieldPath: 'trainingCost', comment: 'Chưa ghi chi phí' }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'returned', closed: true });
    const filer = await detail(f.employerB, id);
    expect(filer.actions).toEqual([]);
    const refused = await call(f.employerB, 'PUT', `${R}/submissions/${id}`, {
      version: filer.version,
      values: filer.values,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CLOSED');
  });

  it('withdraws a draft (only a draft), and takes an Idempotency-Key on opening', async () => {
    const type = await reportType(t, { form: 'commune-osh', filer: 'commune' });
    await expectedRow(t, { typeId: type.id, kind: 'commune', key: f.wards[1], wardCode: f.wards[1], name: 'UBND B' });
    const headers = { ...f.districtB.headers, 'idempotency-key': `open-${type.id}` };
    const first = await t.request({
      method: 'POST',
      url: `${R}/open-submission`,
      headers,
      payload: { reportTypeId: type.id, periodKey: '2025' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await t.request({
      method: 'POST',
      url: `${R}/open-submission`,
      headers,
      payload: { reportTypeId: type.id, periodKey: '2025' },
    });
    expect(replay.json().id).toBe(first.json().id);
    const gone = await call(f.districtB, 'POST', `${R}/delete-submissions`, [first.json().id]);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ deleted: 1 });
    expect((await call(f.districtB, 'GET', `${R}/submissions/${first.json().id}`)).statusCode).toBe(404);
    // A filed report is never deleted.
    const filed = await call(f.employerA, 'POST', `${R}/delete-submissions`, [submissionId]);
    expect(filed.statusCode).toBe(409);
  });

  it('lets the department file its own summary, as its unit', async () => {
    const type = await reportType(t, { form: 'safety-month-department', filer: 'department' });
    const unit = await sql<{ unit_id: string }>`select unit_id from app_user
      where id = ${f.reviewer.user.id}::uuid`.execute(t.database.db);
    await expectedRow(t, { typeId: type.id, kind: 'department', key: unit.rows[0]!.unit_id, name: 'Sở Nội vụ' });
    const opened = await call(f.reviewer, 'POST', `${R}/open-submission`, { reportTypeId: type.id, periodKey: '2025' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ side: 'filer', reporterKind: 'department' });
    expect(opened.json().actions).toEqual(['edit', 'submit', 'delete']);
    expect((await rows(f.reviewer, { typeCodes: type.code }))[0]).toMatchObject({ mine: true, status: 'draft' });
  });

  it('refuses bad list queries', async () => {
    const queries: Record<string, string>[] = [
      { status: 'nope' },
      { periodKey: '2025-H3' },
      { pageSize: '1000' },
      { sortField: 'x' },
    ];
    for (const query of queries) {
      const res = await call(f.reviewer, 'GET', `${R}/submissions`, undefined, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});
