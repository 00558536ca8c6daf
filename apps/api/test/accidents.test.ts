import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/permits/rules';
import { catalogOperations } from '../src/catalog/operations.ts';
import type { OpContext } from '../src/catalog/context.ts';
import { clock } from '../src/platform/clock/index.ts';
import { createBusiness, createDistrictUnit, sessionWith, type Session } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { readPdf } from './support/pdf.ts';

/**
 * Workplace accidents: the declaration answered at once with a gapless receipt number and its PDF, the statutory
 * routing of fatal and serious accidents (recorded, unmutable), amendments as versions with their differences,
 * the department's request for completion and its investigation (the deadline table of Law Art 35.6 as
 * LegalDeadline rows in force on the notification date, one extension, conclusion), each side's scope, and bad
 * input as 4xx.
 */
let t: TestApp;
let system: OpContext;
let businessA: { id: string; unitId: string };
let businessB: { id: string; unitId: string };
let employerA: Session & { user: { id: string } };
let employerB: Session & { user: { id: string } };
let department: Session & { user: { id: string } };
let communeA: Session & { user: { id: string } };
let communeB: Session & { user: { id: string } };
let reasonId: string;
let elementId: string;
let injuryId: string;
let occupationId: string;
let workerA: string;
let workerB: string;

const WARDS = ['2025:24781', '2025:24778'] as const;
const DECLARANT = ['AccidentDeclaration.read', 'AccidentDeclaration.create', 'AccidentDeclaration.update'];
const INVESTIGATOR = ['AccidentDeclaration.read', 'AccidentDeclaration.investigate', 'File.create'];
const CODE = /^\d{4}\/\d{4}\/TNLĐ$/u;

const today = () => clock.today();

function call(session: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.request({
    method,
    url: `/api/Accident/${url}`,
    headers: session ? session.headers : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

const victim = (over: Record<string, unknown> = {}) => ({
  fullName: 'Nguyễn Văn Tâm',
  female: false,
  birthYear: 1987,
  occupationId,
  injuryTypeId: injuryId,
  bodyPart: 'Đầu',
  severity: 'fatal',
  underManagement: true,
  daysOff: 0,
  medicalCost: 8_500_000,
  wageCost: 0,
  compensationCost: 210_000_000,
  ...over,
});

const body = (over: Record<string, unknown> = {}) => ({
  wardId: WARDS[0],
  occurredAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  place: 'Mái kho sấy cà phê, lô B',
  description: 'Người lao động rơi từ mái tôn cao khoảng 7 m xuống nền bê tông khi sửa mái.',
  accidentReasonId: reasonId,
  injuryElementId: elementId,
  reporterName: 'Lê Thị Hồng',
  reporterPhone: '0263 3821 456',
  victims: [victim()],
  ...over,
});

type Detail = {
  id: string;
  code: string;
  version: number;
  status: string;
  severity: string;
  deathCount: number;
  seriousCount: number;
  routings: { recipient: string; ruleCode: string; recipientName: string; notifiedUsers: number }[];
  actions: string[];
  investigationId: string | null;
};

async function declare(session: Session, over: Record<string, unknown> = {}): Promise<Detail> {
  const res = await call(session, 'POST', 'add-accident', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Detail;
}

type Investigation = {
  id: string;
  deadlineDays: number;
  dueOn: string;
  notifiedOn: string;
  investigationClass: string;
  version: number;
  status: string;
  extended: boolean;
  actions: string[];
  legalBasis: string;
  deadlineCode: string;
};

async function investigate(accidentId: string, over: Record<string, unknown> = {}): Promise<Investigation> {
  const res = await call(department, 'POST', 'add-investigation', {
    accidentId,
    team: [{ name: 'Nguyễn Thị Lan', role: 'Trưởng đoàn', organisation: 'Sở Nội vụ' }],
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Investigation;
}

const notificationsOf = async (userId: string, kind: string) =>
  (
    await sql<{ params: unknown }>`select params from notification where user_id = ${userId} and kind = ${kind}
      order by created_at`.execute(t.database.db)
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  system = { db: t.database.db, principal: null, lang: 'vi', request: null, system: true };
  const db = t.database.db;
  const id = async (table: string, code: string) =>
    (await sql<{ id: string }>`select id from ${sql.table(table)} where code = ${code}`.execute(db)).rows[0]!.id;
  reasonId = await id('accident_reason', 'NN02');
  elementId = await id('injury_element', 'YT02');
  injuryId = await id('injury_reason', 'CT01');
  occupationId = await id('type_of_profession', '71');
  businessA = await createBusiness(t, WARDS[0], 'Công ty Cà phê Tai nạn A');
  businessB = await createBusiness(t, WARDS[1], 'Công ty Rau Tai nạn B');
  const worker = async (businessId: string, fullName: string, citizenId: string) =>
    (
      await catalogOperations('worker').create(system, {
        fullName,
        citizenId,
        birthDate: '1990-01-01',
        sex: 'male',
        businessId,
      })
    ).id;
  workerA = await worker(businessA.id, 'Nguyễn Văn Tâm', '068090100711');
  workerB = await worker(businessB.id, 'Trần Văn Bình', '068090100712');
  const [unitA, unitB] = await Promise.all([createDistrictUnit(t, WARDS[0]), createDistrictUnit(t, WARDS[1])]);
  [employerA, employerB, department, communeA, communeB] = await Promise.all([
    sessionWith(t, { permissions: DECLARANT, unitId: businessA.unitId }),
    sessionWith(t, { permissions: DECLARANT, unitId: businessB.unitId }),
    sessionWith(t, { permissions: INVESTIGATOR }),
    sessionWith(t, { permissions: DECLARANT, unitId: unitA }),
    sessionWith(t, { permissions: DECLARANT, unitId: unitB }),
  ]);
});
afterAll(async () => t?.close());

describe('declaration', () => {
  it('a fatal accident gets its receipt number at once and is routed, statutorily, to the department and the commune', async () => {
    // The department officer turned the kind off: a statutory kind cannot be muted.
    await sql`insert into notification_preference (user_id, kind, channel)
      values (${department.user.id}, 'accidentReported', 'off')`.execute(t.database.db);
    const a = await declare(employerA, { victims: [victim({ workerId: workerA })] });
    expect(a.code).toMatch(CODE);
    expect(a.code.split('/')[1]).toBe(today().slice(0, 4));
    expect(a).toMatchObject({ status: 'declared', severity: 'fatal', deathCount: 1, seriousCount: 0, version: 1 });
    expect(a.routings.map((r) => [r.recipient, r.ruleCode]).sort()).toEqual([
      ['commune', 'TNLD-NN-04'],
      ['communePolice', 'TNLD-NN-06'],
      ['department', 'TNLD-NN-01'],
    ]);
    expect(a.routings.find((r) => r.recipient === 'communePolice')!.recipientName).toMatch(/^Công an /u);
    expect(a.routings.find((r) => r.recipient === 'department')!.notifiedUsers).toBeGreaterThan(0);

    const toDepartment = await notificationsOf(department.user.id, 'accidentReported');
    expect(toDepartment).toHaveLength(1);
    expect(toDepartment[0]!.params).toMatchObject({ code: a.code, deaths: 1 });
    expect(await notificationsOf(communeA.user.id, 'accidentReported')).toHaveLength(1);
    // Not the other commune, nor the declarant.
    expect(await notificationsOf(communeB.user.id, 'accidentReported')).toHaveLength(0);
    expect(await notificationsOf(employerA.user.id, 'accidentReported')).toHaveLength(0);
  });

  it('the receipt PDF reads back with the number, the class, the victims and the routing', async () => {
    const a = await declare(employerA, {
      place: 'Xưởng rang cà phê số 2',
      victims: [victim({ fullName: 'Hồ Thị Yến', female: true, birthYear: 1999 }), victim({ severity: 'serious' })],
    });
    const res = await call(employerA, 'GET', `accident-receipt/${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(a.code.replace(/\//g, '-')));
    const read = await readPdf(res.rawPayload);
    const text = read.text.replace(/\s+/g, ' ');
    expect(text).toContain('PHIẾU TIẾP NHẬN THÔNG BÁO TAI NẠN LAO ĐỘNG');
    expect(text).toContain(a.code);
    expect(text).toContain('Xưởng rang cà phê số 2');
    expect(text).toContain('Hồ Thị Yến');
    expect(text).toContain('1999');
    expect(text).toContain('Chết người');
    expect(text).toContain('2 / 1 / 1');
    expect(text).toContain('Mẫu số 01');
    expect(text).toContain('Công an');
    expect(read.metadata).toMatchObject({ Subject: a.code });

    // Another employer cannot fetch it; the public neither.
    expect((await call(employerB, 'GET', `accident-receipt/${a.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `accident-receipt/${a.id}`)).statusCode).toBe(401);
  });

  it('numbers receipts without gaps, even across a refused declaration', async () => {
    const first = await declare(employerB, { wardId: WARDS[1], victims: [victim({ severity: 'light' })] });
    const refused = await call(employerB, 'POST', 'add-accident', body({ wardId: '2025:99999' }));
    expect(refused.statusCode).toBe(400);
    const second = await declare(employerB, { wardId: WARDS[1], victims: [victim({ severity: 'light' })] });
    const seq = (code: string) => Number(code.split('/')[0]);
    expect(seq(second.code)).toBe(seq(first.code) + 1);
    // A light accident is routed nowhere.
    expect(first.routings).toEqual([]);
    expect(first.severity).toBe('light');
  });

  it('two seriously injured route to the department; one seriously injured does not', async () => {
    const two = await declare(employerA, {
      victims: [victim({ severity: 'serious' }), victim({ fullName: 'Lê Văn B', severity: 'serious' })],
    });
    expect(two.routings.map((r) => r.ruleCode).sort()).toEqual(['TNLD-NN-02', 'TNLD-NN-05', 'TNLD-NN-07']);
    const one = await declare(employerA, { victims: [victim({ severity: 'serious' })] });
    expect(one.severity).toBe('serious');
    expect(one.routings).toEqual([]);
  });

  it('refuses bad input with 400 and field details, never half-written data', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from accident`.execute(t.database.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ victims: [] }, 'body.victims'],
      [{ occurredAt: new Date(Date.now() + 86_400_000).toISOString() }, 'body.occurredAt'],
      [{ wardId: 'x' }, 'body.wardId'],
      [{ wardId: '2025:99999' }, 'body.wardId'],
      [{ accidentReasonId: '00000000-0000-4000-8000-000000000000' }, 'body.accidentReasonId'],
      [{ victims: [victim({ workerId: workerB })] }, 'body.victims.0.workerId'],
      [{ victims: [victim({ severity: 'dead' })] }, 'body.victims.0.severity'],
      [{ riskAssessmentId: '00000000-0000-4000-8000-000000000000' }, 'body.riskAssessmentId'],
      [{ place: '' }, 'body.place'],
    ];
    for (const [over, field] of cases) {
      const res = await call(employerA, 'POST', 'add-accident', body(over));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      const details = (res.json() as { error: { details: { field: string }[] } }).error.details;
      expect(
        details.some((d) => d.field.startsWith(field)),
        `${field}: ${res.body}`,
      ).toBe(true);
    }
    const after = await sql<{ n: number }>`select count(*)::int as n from accident`.execute(t.database.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect((await call(employerA, 'GET', 'accidents/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('a commune declares accidents of workers without a contract', () => {
  it('in its own commune only, routed to the department and the commune police', async () => {
    const a = await declare(communeA, { accidentReasonId: null, victims: [victim({ underManagement: false })] });
    expect(a).toMatchObject({ severity: 'fatal' });
    const detail = (await call(communeA, 'GET', `accidents/${a.id}`)).json() as Detail & {
      businessId: string | null;
      declarantKind: string;
    };
    expect(detail).toMatchObject({ businessId: null, declarantKind: 'commune' });
    expect(detail.routings.map((r) => r.ruleCode).sort()).toEqual(['TNLD-NN-01', 'TNLD-NN-06']);
    expect(detail.actions).toContain('amend');

    const outside = await call(communeA, 'POST', 'add-accident', body({ wardId: WARDS[1] }));
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('WARD_OUT_OF_SCOPE');
    const withWorker = await call(communeA, 'POST', 'add-accident', body({ victims: [victim({ workerId: workerA })] }));
    expect(withWorker.statusCode).toBe(400);
    // The department does not declare.
    const byDepartment = await call(department, 'POST', 'add-accident', body());
    expect(byDepartment.statusCode).toBe(403);
  });
});

describe('scope', () => {
  it('employer A cannot read or amend employer B’s accidents; a commune sees only its commune’s; the public nothing', async () => {
    const ofA = await declare(employerA, { victims: [victim({ severity: 'light' })] });
    const ofB = await declare(employerB, { wardId: WARDS[1], victims: [victim({ severity: 'light' })] });

    expect((await call(employerB, 'GET', `accidents/${ofA.id}`)).statusCode).toBe(404);
    expect((await call(employerB, 'GET', `accident-versions/${ofA.id}`)).statusCode).toBe(404);
    const amend = await call(employerB, 'PUT', `update-accident/${ofA.id}`, {
      ...body(),
      version: 1,
      reason: 'Thử sửa',
    });
    expect(amend.statusCode).toBe(404);
    const listB = (await call(employerB, 'GET', 'accidents?pageSize=200')).json() as { pageLists: { id: string }[] };
    expect(listB.pageLists.map((r) => r.id)).toContain(ofB.id);
    expect(listB.pageLists.map((r) => r.id)).not.toContain(ofA.id);

    expect((await call(communeA, 'GET', `accidents/${ofA.id}`)).statusCode).toBe(200);
    expect((await call(communeA, 'GET', `accidents/${ofB.id}`)).statusCode).toBe(404);
    expect((await call(communeB, 'GET', `accidents/${ofB.id}`)).statusCode).toBe(200);
    const listCommuneA = (await call(communeA, 'GET', 'accidents?pageSize=200')).json() as {
      pageLists: { wardId: string }[];
    };
    expect(listCommuneA.pageLists.length).toBeGreaterThan(0);
    expect(listCommuneA.pageLists.every((r) => r.wardId === WARDS[0])).toBe(true);
    // A commune does not amend an employer's declaration.
    const byCommune = await call(communeA, 'PUT', `update-accident/${ofA.id}`, {
      ...body(),
      version: 1,
      reason: 'Sửa thay doanh nghiệp',
    });
    expect(byCommune.statusCode).toBe(403);

    const dept = (await call(department, 'GET', 'accidents?pageSize=200')).json() as { pageLists: { id: string }[] };
    expect(dept.pageLists.map((r) => r.id)).toEqual(expect.arrayContaining([ofA.id, ofB.id]));

    for (const url of ['accidents', `accidents/${ofA.id}`, 'investigations', `accident-versions/${ofA.id}`])
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const nobody = await sessionWith(t, { permissions: ['News.read'] });
    expect((await call(nobody, 'GET', 'accidents')).statusCode).toBe(403);
    // Investigations of B's accidents are not A's to see either.
    const inv = await investigate(ofB.id);
    expect((await call(employerA, 'GET', `investigations/${inv.id}`)).statusCode).toBe(404);
    expect((await call(employerB, 'GET', `investigations/${inv.id}`)).statusCode).toBe(200);
    const invA = (await call(employerA, 'GET', 'investigations?pageSize=200')).json() as {
      pageLists: { id: string }[];
    };
    expect(invA.pageLists.map((r) => r.id)).not.toContain(inv.id);
    // Only the department investigates.
    expect((await call(employerB, 'POST', 'add-investigation', { accidentId: ofB.id })).statusCode).toBe(403);
  });
});

describe('amend, never overwrite', () => {
  it('each change is a new version with who and why; the history shows the differences', async () => {
    const a = await declare(employerA);
    const amended = await call(employerA, 'PUT', `update-accident/${a.id}`, {
      ...body({ place: 'Mái kho sấy cà phê, lô C', victims: [victim({ medicalCost: 11_700_000 })] }),
      version: 1,
      reason: 'Bổ sung chi phí cấp cứu theo hóa đơn',
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ version: 2, place: 'Mái kho sấy cà phê, lô C' });
    // Routed once per recipient, whatever the number of versions.
    expect((amended.json() as Detail).routings).toHaveLength(3);

    const stale = await call(employerA, 'PUT', `update-accident/${a.id}`, {
      ...body(),
      version: 1,
      reason: 'Sửa từ bản cũ',
    });
    expect(stale.statusCode).toBe(409);
    const noReason = await call(employerA, 'PUT', `update-accident/${a.id}`, { ...body(), version: 2 });
    expect(noReason.statusCode).toBe(400);

    const history = await call(department, 'GET', `accident-versions/${a.id}`);
    expect(history.statusCode, history.body).toBe(200);
    const versions = (
      history.json() as {
        versions: {
          version: number;
          current: boolean;
          reason: string | null;
          changedByName: string | null;
          changes: { field: string; before: unknown; after: unknown }[];
        }[];
      }
    ).versions;
    expect(versions.map((v) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(versions[0]!.reason).toBe('Bổ sung chi phí cấp cứu theo hóa đơn');
    expect(versions[0]!.changedByName).toBeTruthy();
    expect(versions[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'place', before: 'Mái kho sấy cà phê, lô B', after: 'Mái kho sấy cà phê, lô C' },
        { field: 'victims.1.medicalCost', before: 8_500_000, after: 11_700_000 },
      ]),
    );
    expect(versions[1]!.changes).toEqual([]);
    const victims = await sql<{ medical_cost: string }>`select medical_cost from accident_victim
      where accident_id = ${a.id}`.execute(t.database.db);
    expect(victims.rows.map((r) => Number(r.medical_cost))).toEqual([11_700_000]);
  });

  it('an amendment that raises the class routes to the units not told yet', async () => {
    const a = await declare(employerA, { victims: [victim({ severity: 'serious' })] });
    expect(a.routings).toEqual([]);
    const raised = await call(employerA, 'PUT', `update-accident/${a.id}`, {
      ...body({ victims: [victim({ severity: 'fatal' })] }),
      version: 1,
      reason: 'Người bị nạn tử vong tại bệnh viện',
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((raised.json() as Detail).severity).toBe('fatal');
    expect((raised.json() as Detail).routings.map((r) => r.recipient).sort()).toEqual([
      'commune',
      'communePolice',
      'department',
    ]);
  });

  it('the department returns a declaration for completion; the amendment puts it back', async () => {
    const a = await declare(employerA, { victims: [victim({ severity: 'light' })] });
    const returned = await call(department, 'POST', `return-accident/${a.id}`, {
      reason: 'Bổ sung năm sinh và nghề nghiệp của người bị nạn',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ status: 'returned' });
    expect(await notificationsOf(employerA.user.id, 'accidentReturned')).toHaveLength(1);
    expect((await call(employerA, 'POST', `return-accident/${a.id}`, { reason: 'Tự trả lại' })).statusCode).toBe(403);
    const again = await call(department, 'POST', `return-accident/${a.id}`, { reason: 'Trả lại lần nữa' });
    expect(again.statusCode).toBe(409);

    const workspace = await t.request({ url: '/api/Workspace/tasks', headers: employerA.headers });
    const task = (workspace.json() as { tasks: { key: string; count: number }[] }).tasks.find(
      (x) => x.key === 'accidents.returned',
    );
    expect(task?.count).toBeGreaterThanOrEqual(1);

    const fixed = await call(employerA, 'PUT', `update-accident/${a.id}`, {
      ...body({ victims: [victim({ severity: 'light', birthYear: 1990 })] }),
      version: 1,
      reason: 'Bổ sung theo yêu cầu của Sở',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'declared', returnReason: null, version: 2 });
  });
});

describe('investigation', () => {
  it('takes its deadline from the LegalDeadline row of its class: 4, 7, 20, 30 days, 60 with an expert examination', async () => {
    const cases: [Record<string, unknown>[], boolean, string, number][] = [
      [[victim({ severity: 'light' })], false, 'light', 4],
      [[victim({ severity: 'serious' })], false, 'serious', 7],
      [
        [victim({ severity: 'serious' }), victim({ fullName: 'Lê Văn B', severity: 'serious' })],
        false,
        'multipleSerious',
        20,
      ],
      [[victim()], false, 'fatal', 30],
      [[victim()], true, 'expert', 60],
      [[victim({ severity: 'light' })], true, 'expert', 60],
    ];
    for (const [victims, expert, cls, days] of cases) {
      const a = await declare(employerA, { victims });
      const inv = await investigate(a.id, { expertExamination: expert });
      expect(inv, cls).toMatchObject({
        investigationClass: cls,
        deadlineDays: days,
        notifiedOn: today(),
        dueOn: addDays(today(), days),
        status: 'open',
        legalBasis: 'Luật ATVSLĐ 84/2015 Điều 35 khoản 6',
      });
      const detail = (await call(employerA, 'GET', `accidents/${a.id}`)).json() as Detail;
      expect(detail).toMatchObject({ status: 'investigating', investigationId: inv.id });
    }
  });

  it('opens once per accident, only for the department', async () => {
    const a = await declare(employerA);
    await investigate(a.id);
    const twice = await call(department, 'POST', 'add-investigation', { accidentId: a.id });
    expect(twice.statusCode).toBe(409);
    const unknown = await call(department, 'POST', 'add-investigation', {
      accidentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    // Returned for completion is no longer possible once investigated.
    expect((await call(department, 'POST', `return-accident/${a.id}`, { reason: 'Bổ sung hồ sơ' })).statusCode).toBe(
      409,
    );
  });

  it('extends once, serious and fatal only, by no more than the deadline', async () => {
    const fatal = await investigate((await declare(employerA)).id);
    expect(fatal.actions).toContain('extend');
    const tooLong = await call(department, 'POST', `extend-investigation/${fatal.id}`, {
      days: 31,
      reason: 'Chờ kết quả giám định',
    });
    expect(tooLong.statusCode).toBe(400);
    const ok = await call(department, 'POST', `extend-investigation/${fatal.id}`, {
      days: 10,
      reason: 'Chờ kết quả giám định',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ extended: true, extensionDays: 10, dueOn: addDays(today(), 40) });
    expect((ok.json() as Investigation).actions).not.toContain('extend');
    const twice = await call(department, 'POST', `extend-investigation/${fatal.id}`, { days: 5, reason: 'Lần hai' });
    expect(twice.statusCode).toBe(409);

    const light = await investigate((await declare(employerA, { victims: [victim({ severity: 'light' })] })).id);
    expect(light.actions).not.toContain('extend');
    const refused = await call(department, 'POST', `extend-investigation/${light.id}`, { days: 2, reason: 'Gia hạn' });
    expect(refused.statusCode).toBe(409);
  });

  it('keeps its deadline when the rule changes; a new accident is judged by the rule in force on its date', async () => {
    const old = await investigate((await declare(employerA)).id);
    expect(old.deadlineDays).toBe(30);
    // An accident notified ten days ago, investigated after the rule changed.
    const earlier = await declare(employerA);
    await sql`update accident set notified_at = now() - interval '10 days' where id = ${earlier.id}`.execute(
      t.database.db,
    );
    const db = t.database.db;
    await sql`update legal_deadline set valid_to = ${addDays(today(), -1)}::date
      where rule = 'accident.investigation.fatal' and deleted_at is null`.execute(db);
    await catalogOperations('legalDeadline').create(system, {
      code: 'TNLD-DT-CHET-MOI',
      rule: 'accident.investigation.fatal',
      name: 'Điều tra tai nạn lao động chết người (quy định mới)',
      amount: 45,
      unit: 'days',
      legalBasis: 'Quy định thử nghiệm',
      validFrom: today(),
    });
    const still = (await call(department, 'GET', `investigations/${old.id}`)).json() as Investigation;
    expect(still).toMatchObject({ deadlineDays: 30, dueOn: old.dueOn, deadlineCode: 'TNLD-DT-CHET' });

    const byOldRule = await investigate(earlier.id);
    expect(byOldRule).toMatchObject({ deadlineDays: 30, deadlineCode: 'TNLD-DT-CHET' });
    expect(byOldRule.dueOn).toBe(addDays(byOldRule.notifiedOn, 30));
    const byNewRule = await investigate((await declare(employerA)).id);
    expect(byNewRule).toMatchObject({
      deadlineDays: 45,
      deadlineCode: 'TNLD-DT-CHET-MOI',
      dueOn: addDays(today(), 45),
    });
  });

  it('records team, dossier and conclusions; an overdue one shows on the department’s workspace', async () => {
    const a = await declare(employerA);
    const inv = await investigate(a.id);
    const f = new FormData();
    f.append('IsSecure', 'true');
    f.append(
      'formFile',
      new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')], { type: 'application/pdf' }),
      'bien-ban-hien-truong.pdf',
    );
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/File/upload',
      headers: department.headers,
      payload: f,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = (uploaded.json() as { id: string }).id;
    const saved = await call(department, 'PUT', `update-investigation/${inv.id}`, {
      version: inv.version,
      team: [
        { name: 'Nguyễn Thị Lan', role: 'Trưởng đoàn', organisation: 'Sở Nội vụ' },
        { name: 'Phan Văn Khải', role: 'Thành viên', organisation: 'Công an tỉnh' },
      ],
      files: [{ kind: 'sceneRecord', fileId, note: 'Lập lúc 10 giờ' }],
      conclusions: 'Dự thảo kết luận',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      team: [{ name: 'Nguyễn Thị Lan' }, { name: 'Phan Văn Khải' }],
      files: [{ kind: 'sceneRecord', fileId, fileName: 'bien-ban-hien-truong.pdf' }],
    });
    // The employer reads the dossier file of its own accident; another employer cannot.
    expect((await t.request({ url: `/api/File/download/${fileId}`, headers: employerA.headers })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/File/download/${fileId}`, headers: employerB.headers })).statusCode).toBe(404);
    const foreign = await call(department, 'PUT', `update-investigation/${inv.id}`, {
      version: (saved.json() as Investigation).version,
      files: [{ kind: 'photo', fileId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(foreign.statusCode).toBe(400);

    await sql`update accident_investigation set due_on = ${addDays(today(), -1)}::date where id = ${inv.id}`.execute(
      t.database.db,
    );
    const overdue = (await call(department, 'GET', 'investigations?overdue=true&pageSize=200')).json() as {
      pageLists: { id: string; overdue: boolean }[];
    };
    expect(overdue.pageLists.find((r) => r.id === inv.id)).toMatchObject({ overdue: true });
    expect(overdue.pageLists.every((r) => r.overdue)).toBe(true);
    const workspace = await t.request({ url: '/api/Workspace/tasks', headers: department.headers });
    const task = (workspace.json() as { tasks: { key: string; count: number }[] }).tasks.find(
      (x) => x.key === 'accidents.investigationsOverdue',
    );
    expect(task?.count).toBeGreaterThanOrEqual(1);

    const early = await call(department, 'POST', `conclude-investigation/${inv.id}`, {
      concludedOn: addDays(today(), -400),
      conclusions: 'Kết luận điều tra đầy đủ',
      measures: 'Lắp lan can, huấn luyện lại',
    });
    expect(early.statusCode).toBe(400);
    const done = await call(department, 'POST', `conclude-investigation/${inv.id}`, {
      concludedOn: today(),
      conclusions: 'Người sử dụng lao động không trang bị dây an toàn.',
      measures: 'Trang bị dây an toàn, huấn luyện làm việc trên cao.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'concluded', concludedOn: today(), overdue: false, actions: [] });
    expect(((await call(employerA, 'GET', `accidents/${a.id}`)).json() as Detail).status).toBe('concluded');
    const after = await call(department, 'PUT', `update-investigation/${inv.id}`, {
      version: (done.json() as Investigation).version,
      conclusions: 'Sửa sau khi kết luận',
    });
    expect(after.statusCode).toBe(409);
  });
});

describe('workflow', () => {
  const code = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;
  const actionsOf = async (session: Session, id: string) =>
    ((await call(session, 'GET', `accidents/${id}`)).json() as Detail).actions;

  it("offers each side its table's moves and refuses the others with the published codes, in order", async () => {
    const a = await declare(employerA, { victims: [victim({ severity: 'light' })] });
    expect(await actionsOf(employerA, a.id)).toEqual(['receipt', 'amend']);
    // The commune sees the accident in its area but takes no part in an employer's declaration.
    expect(await actionsOf(communeA, a.id)).toEqual(['receipt']);
    expect(await actionsOf(department, a.id)).toEqual(['receipt', 'return', 'investigate']);
    const byCommune = await call(communeA, 'PUT', `update-accident/${a.id}`, {
      ...body(),
      version: 1,
      reason: 'Sửa thay doanh nghiệp',
    });
    expect([byCommune.statusCode, code(byCommune)]).toEqual([403, 'NOT_YOURS']);

    const returned = await call(department, 'POST', `return-accident/${a.id}`, { reason: 'Bổ sung nghề nghiệp' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect((returned.json() as Detail).actions).toEqual(['receipt', 'investigate']);
    const twice = await call(department, 'POST', `return-accident/${a.id}`, { reason: 'Bổ sung lần hai' });
    expect([twice.statusCode, code(twice)]).toEqual([409, 'NOT_RETURNABLE']);

    const inv = await investigate(a.id);
    expect(await actionsOf(department, a.id)).toEqual(['receipt']);
    expect(await actionsOf(employerA, a.id)).toEqual(['receipt', 'amend']);
    const again = await call(department, 'POST', 'add-investigation', { accidentId: a.id });
    expect([again.statusCode, code(again)]).toEqual([409, 'ALREADY_INVESTIGATED']);
    // A stale version is refused before the status.
    const stale = await call(department, 'POST', `return-accident/${a.id}`, { version: 99, reason: 'Bổ sung hồ sơ' });
    expect([stale.statusCode, code(stale)]).toEqual([409, 'STALE_VERSION']);

    expect(inv.actions).toEqual(['update', 'conclude']);
    const concluded = await call(department, 'POST', `conclude-investigation/${inv.id}`, {
      concludedOn: today(),
      conclusions: 'Người lao động không tuân thủ quy trình.',
      measures: 'Huấn luyện lại quy trình.',
    });
    expect(concluded.statusCode, concluded.body).toBe(200);
    expect(((await call(department, 'GET', `accidents/${a.id}`)).json() as Detail).status).toBe('concluded');
    const closed = await call(department, 'POST', `extend-investigation/${inv.id}`, { days: 2, reason: 'Gia hạn' });
    expect([closed.statusCode, code(closed)]).toEqual([409, 'NOT_OPEN']);
    // The declarant still amends a concluded accident's declaration (a new version), and the status stays.
    const amended = await call(employerA, 'PUT', `update-accident/${a.id}`, {
      ...body({ victims: [victim({ severity: 'light', birthYear: 1991 })] }),
      version: 1,
      reason: 'Sửa năm sinh người bị nạn',
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json()).toMatchObject({ status: 'concluded', version: 2 });
  });
});

describe('victims', () => {
  it('refuses a birth year after the accident or more than a lifetime before it, beside the field', async () => {
    const year = Number(today().slice(0, 4));
    for (const [birthYear, code] of [
      [year + 5, 'BIRTH_YEAR_FUTURE'],
      [year - 110, 'BIRTH_YEAR_IMPLAUSIBLE'],
    ] as const) {
      const res = await call(employerA, 'POST', 'add-accident', body({ victims: [victim({ birthYear })] }));
      expect(res.statusCode, res.body).toBe(400);
      const details = (res.json() as { error: { details: { field: string; code: string }[] } }).error.details;
      expect(details).toContainEqual(expect.objectContaining({ field: 'body.victims.0.birthYear', code }));
    }
  });

  it("never records a commune's victim (no labour contract) as under an employer's management", async () => {
    const a = await declare(communeA, { victims: [victim({ severity: 'light', underManagement: true })] });
    const detail = (await call(communeA, 'GET', `accidents/${a.id}`)).json() as {
      victims: { underManagement: boolean }[];
    };
    expect(detail.victims[0]?.underManagement).toBe(false);
  });
});
