import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/domain/equipment/rules';
import { translate } from '@portal/domain/i18n';
import { clock } from '../src/platform/clock/index.ts';
import { createBusiness, createDistrictUnit, sessionWith, type Session, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * Inspections of employers: the whole life (planned → in progress → concluded → closed), the team, violations
 * (a sanctioned one entered on the published list of violating organisations), requirements answered with
 * evidence files, returned and accepted; every refusal as a 4xx with the error body; each side's scope (hostile
 * probes); list filters and paging; the workspace follow-up; and the public look-up without personal data.
 */
let t: TestApp;
type UserSession = Session & { user: TestUser };
let inspector: UserSession;
let colleague: UserSession;
let officerReadOnly: UserSession;
let employerA: UserSession;
let employerB: UserSession;
let employerAReader: UserSession;
let districtA: UserSession;
let districtB: UserSession;
let businessA: { id: string; unitId: string; code: string };
let businessB: { id: string; unitId: string; code: string };

const INSPECTOR = ['Inspection.read', 'Inspection.create', 'Inspection.update', 'Inspection.delete'];
const EMPLOYER = [...INSPECTOR];
const WARDS = ['2025:24781', '2025:24778'] as const;
const TEAM_NAME = 'Trần Thanh Tra';
const COLLEAGUE_NAME = 'Phạm Thị Đoàn';
const SIGNER = 'Nguyễn Văn Ký';
const today = () => clock.today();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function call(session: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.request({
    method,
    url: `/api/Inspection/${url}`,
    headers: session ? session.headers : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

async function upload(session: Session, name: string): Promise<{ id: string; name: string }> {
  const f = new FormData();
  f.append('IsSecure', 'true');
  f.append('formFile', new Blob([pdf], { type: 'application/pdf' }), name);
  const res = await t.request({
    method: 'POST',
    url: '/api/Inspection/upload-file',
    headers: session.headers,
    payload: f,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

let seq = 0;
function body(businessId: string, over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    businessId,
    kind: 'planned',
    topic: 'osh',
    legalBasis: 'Luật An toàn, vệ sinh lao động 2015; Nghị định 43/2023/NĐ-CP',
    decisionNumber: `${seq}/QĐ-TTr-${Math.random().toString(36).slice(2, 7)}`,
    decisionDate: addDays(today(), -10),
    decisionSigner: SIGNER,
    plannedFrom: addDays(today(), -5),
    plannedTo: addDays(today(), -4),
    team: [
      { userId: inspector.user.id, role: 'leader' },
      { userId: colleague.user.id, role: 'member' },
    ],
    violations: [],
    requirements: [],
    ...over,
  };
}

interface Detail {
  id: string;
  status: string;
  version: number;
  actions: string[];
  team: { userId: string; fullName: string; role: string }[];
  violations: {
    id: string;
    fineAmount: number | null;
    violatingOrganizationId: string | null;
    legalProvision: string;
  }[];
  requirements: {
    id: string;
    status: string;
    overdue: boolean;
    actions: string[];
    answerFiles: { id: string; name: string }[];
    reviewReason: string | null;
  }[];
}

async function create(over: Record<string, unknown> = {}, businessId = businessA.id): Promise<Detail> {
  const res = await call(inspector, 'POST', 'add-inspection', body(businessId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function concluded(over: Record<string, unknown> = {}, businessId = businessA.id): Promise<Detail> {
  const d = await create(over, businessId);
  const res = await call(inspector, 'POST', `conclude-inspection/${d.id}`, {
    version: d.version,
    conclusionNumber: `KL-${d.id.slice(0, 6)}`,
    conclusionDate: addDays(today(), -3),
    conclusionSummary: 'Doanh nghiệp cơ bản chấp hành; yêu cầu khắc phục tồn tại.',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const notifications = async (userId: string, kind: string) =>
  t.database.db
    .selectFrom('notification')
    .select(['kind', 'params', 'link'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();

const expectError = (res: { statusCode: number; json(): unknown }, status: number, code?: string) => {
  expect(res.statusCode).toBe(status);
  const err = (res.json() as { error: { code: string; message: string } }).error;
  expect(err.message).toBeTruthy();
  if (code) expect(err.code).toBe(code);
};

beforeAll(async () => {
  t = await createTestApp();
  businessA = await createBusiness(t, WARDS[0], 'Công ty Cà phê Đồi Thông');
  businessB = await createBusiness(t, WARDS[1], 'Công ty Rau Bích Câu');
  const [unitA, unitB] = await Promise.all([createDistrictUnit(t, WARDS[0]), createDistrictUnit(t, WARDS[1])]);
  [inspector, colleague, officerReadOnly, employerA, employerB, employerAReader, districtA, districtB] =
    await Promise.all([
      sessionWith(t, { permissions: INSPECTOR }),
      sessionWith(t, { permissions: INSPECTOR }),
      sessionWith(t, { permissions: ['Inspection.read'] }),
      sessionWith(t, { permissions: EMPLOYER, unitId: businessA.unitId }),
      sessionWith(t, { permissions: EMPLOYER, unitId: businessB.unitId }),
      sessionWith(t, { permissions: ['Inspection.read'], unitId: businessA.unitId }),
      // Communes hold the default type's permissions (create included): the module still keeps them read-only.
      sessionWith(t, { permissions: INSPECTOR, unitId: unitA }),
      sessionWith(t, { permissions: INSPECTOR, unitId: unitB }),
    ]);
  await t.database.db
    .updateTable('app_user')
    .set({ full_name: TEAM_NAME })
    .where('id', '=', inspector.user.id)
    .execute();
  await t.database.db
    .updateTable('app_user')
    .set({ full_name: COLLEAGUE_NAME })
    .where('id', '=', colleague.user.id)
    .execute();
});
afterAll(async () => t?.close());

describe('an inspection walks its whole life', () => {
  it('planned → in progress → concluded (fine on the violations list) → answered with evidence → returned → accepted → closed', async () => {
    const created = await create({
      findings: 'Chưa huấn luyện nhóm 3',
      violations: [
        {
          description: 'Không huấn luyện an toàn cho người vận hành nồi hơi',
          legalProvision: 'Khoản 2 Điều 14 Luật An toàn, vệ sinh lao động 2015',
          fineAmount: 25_000_000,
          penaltyDecisionNumber: 'XP-01',
          penaltyDecisionDate: addDays(today(), -3),
        },
        { description: 'Chưa quan trắc môi trường lao động', legalProvision: 'Khoản 2 Điều 18 Luật ATVSLĐ' },
      ],
      requirements: [
        { content: 'Tổ chức huấn luyện nhóm 3', deadline: addDays(today(), 20) },
        { content: 'Quan trắc môi trường lao động', deadline: addDays(today(), -1) },
      ],
    });
    expect(created).toMatchObject({ status: 'planned', version: 1, businessId: businessA.id, violationCount: 2 });
    expect(created.actions).toEqual(['edit', 'start', 'conclude', 'cancel', 'delete']);
    expect(created.team).toEqual([
      { userId: inspector.user.id, fullName: TEAM_NAME, role: 'leader' },
      { userId: colleague.user.id, fullName: COLLEAGUE_NAME, role: 'member' },
    ]);
    // The employer is told of the decision (it is not a surprise inspection) and sees the plan, read-only.
    expect(await notifications(employerA.user.id, 'inspectionDecision')).toHaveLength(1);
    const seen = await call(employerA, 'GET', `inspections/${created.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().actions).toEqual([]);

    // Edit: items keep their ids; a missing requirement is removed, a new one added.
    const [r1] = created.requirements;
    const edited = await call(inspector, 'PUT', `update-inspection/${created.id}`, {
      ...body(businessA.id, { decisionNumber: null }),
      version: 1,
      findings: 'Chưa huấn luyện nhóm 3 cho người vận hành nồi hơi',
      violations: created.violations.map((v) => ({ ...v, description: 'Vi phạm ' + v.legalProvision })),
      requirements: [
        { id: r1!.id, content: 'Tổ chức huấn luyện nhóm 3', deadline: addDays(today(), 20) },
        { content: 'Bổ sung nội quy vận hành nồi hơi', deadline: addDays(today(), -1) },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const e = edited.json() as Detail;
    expect(e.version).toBe(2);
    expect(e.violations.map((v) => v.id)).toEqual(created.violations.map((v) => v.id));
    expect(e.requirements[0]!.id).toBe(r1!.id);
    expect(e.requirements).toHaveLength(2);

    // A stale version is refused.
    expectError(await call(inspector, 'POST', `start-inspection/${created.id}`, { version: 1 }), 409, 'STALE_VERSION');
    const started = await call(inspector, 'POST', `start-inspection/${created.id}`, { version: 2 });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'inProgress', actualDate: today() });
    // Requirements are answered only once concluded.
    expectError(
      await call(employerA, 'POST', `answer-requirement/${r1!.id}`, { text: 'Đã làm' }),
      409,
      'NOT_CONCLUDED',
    );

    const conclusionFile = await upload(inspector, 'Kết luận thanh tra.pdf');
    const done = await call(inspector, 'POST', `conclude-inspection/${created.id}`, {
      version: 3,
      conclusionNumber: 'KL-99/TTr',
      conclusionDate: today(),
      conclusionSummary: 'Doanh nghiệp vi phạm quy định về huấn luyện; đã xử phạt.',
      conclusionFileId: conclusionFile.id,
    });
    expect(done.statusCode, done.body).toBe(200);
    const d = done.json() as Detail;
    expect(d.status).toBe('concluded');
    expect(d.actions).toEqual([]);
    const fined = d.violations.find((v) => v.fineAmount === 25_000_000)!;
    expect(fined.violatingOrganizationId).toBeTruthy();
    expect(d.violations.find((v) => v.fineAmount === null)!.violatingOrganizationId).toBeNull();
    // The sanctioned violation is on the published list of violating employers.
    const list = await t.request({ url: `/api/ViolatingOrganization/public-list?keyWord=${businessA.code}` });
    expect(list.statusCode, list.body).toBe(200);
    const published = list.json().pageLists as { id: string; fineAmount: number; decisionNumber: string }[];
    expect(published.find((v) => v.id === fined.violatingOrganizationId)).toMatchObject({
      fineAmount: 25_000_000,
      decisionNumber: 'XP-01',
    });
    expect(await notifications(employerA.user.id, 'inspectionConcluded')).toHaveLength(1);
    // The overdue requirement shows on both workspaces.
    expect(d.requirements.find((r) => r.status === 'open' && r.overdue)).toBeTruthy();
    for (const s of [employerA, inspector]) {
      const ws = await t.request({ url: '/api/Workspace/tasks', headers: s.headers });
      expect(ws.statusCode, ws.body).toBe(200);
      const task = (ws.json().tasks as { key: string; count: number }[]).find((x) => x.key === 'inspections.overdue');
      expect(task?.count).toBeGreaterThanOrEqual(1);
    }

    // Concluded: no more edits (409 with the error body).
    expectError(
      await call(inspector, 'PUT', `update-inspection/${created.id}`, { ...body(businessA.id), version: d.version }),
      409,
      'INVALID_STATE',
    );
    // The refusal names the action and the status in the caller's words.
    const noEdit = await call(inspector, 'PUT', `update-inspection/${created.id}`, {
      ...body(businessA.id),
      version: d.version,
    });
    expect(noEdit.json().error.message).toBe(
      translate('vi', 'inspections:errors.INVALID_STATE', {
        action: translate('vi', 'inspections:actions.edit').toLocaleLowerCase('vi'),
        status: translate('vi', 'inspections:statuses.concluded'),
      }),
    );
    // Not answered yet: cannot be accepted.
    const [q1, q2] = d.requirements;
    expectError(await call(inspector, 'POST', `accept-requirement/${q1!.id}`, {}), 409, 'REQUIREMENT_NOT_ANSWERED');
    // Another employer cannot even find it; a reader of the employer may not answer; the inspector does not answer.
    expectError(await call(employerB, 'POST', `answer-requirement/${q1!.id}`, { text: 'x' }), 404);
    expectError(await call(employerAReader, 'POST', `answer-requirement/${q1!.id}`, { text: 'x' }), 403);
    expectError(await call(inspector, 'POST', `answer-requirement/${q1!.id}`, { text: 'x' }), 403, 'EMPLOYER_ONLY');
    // Someone else's secure file cannot be put on the answer.
    const foreign = await upload(employerB, 'Không phải của A.pdf');
    expectError(
      await call(employerA, 'POST', `answer-requirement/${q1!.id}`, { text: 'Đã làm', fileIds: [foreign.id] }),
      400,
      'VALIDATION',
    );

    const evidence = await upload(employerA, 'Giấy chứng nhận huấn luyện.pdf');
    const answered = await call(employerA, 'POST', `answer-requirement/${q1!.id}`, {
      text: 'Đã huấn luyện 4 người ngày 10/11',
      fileIds: [evidence.id],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const a = answered.json() as Detail;
    expect(a.requirements[0]).toMatchObject({ status: 'answered' });
    expect(a.requirements[0]!.answerFiles).toEqual([{ id: evidence.id, name: evidence.name }]);
    // The team is told; the employer cannot answer twice; it cannot review its own answer.
    expect(await notifications(inspector.user.id, 'inspectionAnswered')).toHaveLength(1);
    expect(await notifications(colleague.user.id, 'inspectionAnswered')).toHaveLength(1);
    const twice = await call(employerA, 'POST', `answer-requirement/${q1!.id}`, { text: 'Lần nữa' });
    expectError(twice, 409, 'REQUIREMENT_NOT_OPEN');
    expect(twice.json().error.message).toBe(
      translate('vi', 'inspections:errors.REQUIREMENT_NOT_OPEN', {
        status: translate('vi', 'inspections:requirementStatuses.answered'),
      }),
    );
    expectError(await call(employerA, 'POST', `accept-requirement/${q1!.id}`, {}), 403);
    // The inspector downloads the evidence (a secure file of someone else); another employer does not.
    expect((await t.request({ url: `/api/File/download/${evidence.id}`, headers: inspector.headers })).statusCode).toBe(
      200,
    );
    expect((await t.request({ url: `/api/File/download/${evidence.id}`, headers: employerB.headers })).statusCode).toBe(
      404,
    );

    // Returned with a reason (required), answered again, accepted.
    expectError(await call(inspector, 'POST', `return-requirement/${q1!.id}`, { reason: '' }), 400);
    const returned = await call(inspector, 'POST', `return-requirement/${q1!.id}`, {
      reason: 'Thiếu danh sách người được huấn luyện',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().requirements[0]).toMatchObject({
      status: 'returned',
      reviewReason: 'Thiếu danh sách người được huấn luyện',
    });
    expect(await notifications(employerA.user.id, 'inspectionAnswerReturned')).toHaveLength(1);
    expect(returned.json().history.at(-1)).toMatchObject({
      action: 'return',
      toStatus: 'returned',
      actorName: TEAM_NAME,
      reason: 'Thiếu danh sách người được huấn luyện',
      requirementId: q1!.id,
    });
    expect(
      (await call(employerA, 'POST', `answer-requirement/${q1!.id}`, { text: 'Bổ sung danh sách', fileIds: [] }))
        .statusCode,
    ).toBe(200);
    expect((await call(inspector, 'POST', `accept-requirement/${q1!.id}`, {})).json().status).toBe('concluded');
    expect(
      (await call(employerA, 'POST', `answer-requirement/${q2!.id}`, { text: 'Đã bổ sung nội quy' })).statusCode,
    ).toBe(200);
    const closed = await call(inspector, 'POST', `accept-requirement/${q2!.id}`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', pendingRequirements: 0, actions: [] });

    // Closed: nothing moves any more.
    const v = closed.json().version as number;
    expectError(
      await call(inspector, 'PUT', `update-inspection/${created.id}`, { ...body(businessA.id), version: v }),
      409,
      'INVALID_STATE',
    );
    expectError(await call(inspector, 'POST', `cancel-inspection/${created.id}`, { version: v, reason: 'x' }), 409);
    expectError(await call(inspector, 'POST', `delete-inspections`, [created.id]), 409);
    expectError(await call(employerA, 'POST', `answer-requirement/${q2!.id}`, { text: 'x' }), 409, 'NOT_CONCLUDED');
    // Who may take the move is asked before the inspection's state: the wrong side hears so first.
    expectError(await call(inspector, 'POST', `answer-requirement/${q2!.id}`, { text: 'x' }), 403, 'EMPLOYER_ONLY');
    expectError(await call(employerA, 'POST', `accept-requirement/${q2!.id}`, {}), 403, 'INSPECTORS_ONLY');
    const history = await sql<{ action: string }>`select action from labour_inspection_event
      where inspection_id = ${created.id} order by id`.execute(t.database.db);
    expect(history.rows.map((r) => r.action)).toEqual([
      'create',
      'update',
      'start',
      'conclude',
      'answer',
      'return',
      'answer',
      'accept',
      'answer',
      'accept',
      'close',
    ]);
  });

  it('a conclusion with nothing to follow up closes at once; cancel and delete', async () => {
    const d = await concluded();
    expect(d.status).toBe('closed');
    const planned = await create();
    const cancelled = await call(inspector, 'POST', `cancel-inspection/${planned.id}`, {
      version: 1,
      reason: 'Doanh nghiệp tạm ngừng hoạt động',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Doanh nghiệp tạm ngừng hoạt động' });
    // The employer does not see a cancelled plan.
    expect((await call(employerA, 'GET', `inspections/${planned.id}`)).statusCode).toBe(404);
    const another = await create();
    const removed = await call(inspector, 'POST', 'delete-inspections', [planned.id, another.id]);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deleted: 2 });
    expect((await call(inspector, 'GET', `inspections/${planned.id}`)).statusCode).toBe(404);
    // All or none: one closed inspection in the list keeps the other too.
    const third = await create();
    expectError(await call(inspector, 'POST', 'delete-inspections', [third.id, d.id]), 409);
    expect((await call(inspector, 'GET', `inspections/${third.id}`)).statusCode).toBe(200);
  });
});

describe('bad input answers 4xx with the error body, never half-written data', () => {
  it('refuses a bad team, dates, employer, duplicate decision and malformed bodies', async () => {
    const before = await sql<{ n: string }>`select count(*) as n from labour_inspection`.execute(t.database.db);
    const cases: [Record<string, unknown>, number, string][] = [
      [
        {
          team: [
            { userId: inspector.user.id, role: 'leader' },
            { userId: colleague.user.id, role: 'leader' },
          ],
        },
        400,
        'team',
      ],
      [{ team: [{ userId: employerA.user.id, role: 'leader' }] }, 400, 'team.0.userId'],
      [{ plannedTo: addDays(today(), -30) }, 400, 'plannedTo'],
      [{ businessId: '00000000-0000-4000-8000-000000000000' }, 400, 'businessId'],
      [{ kind: 'raid' }, 400, 'kind'],
      [{ plannedFrom: '2026-13-45x' }, 400, 'plannedFrom'],
      [{ plannedFrom: '2026-02-30' }, 400, 'plannedFrom'],
      [{ decisionDate: '0000-01-01' }, 400, 'decisionDate'],
      [{ requirements: [{ content: '', deadline: today() }] }, 400, 'requirements.0.content'],
      [{ violations: [{ description: 'x' }] }, 400, 'violations.0.legalProvision'],
    ];
    for (const [over, status, field] of cases) {
      const res = await call(inspector, 'POST', 'add-inspection', { ...body(businessA.id), ...over });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(status);
      const details = res.json().error.details as { field: string }[];
      expect(details.map((x) => x.field).join(',')).toContain(field);
    }
    const first = await create({ decisionNumber: 'TRUNG-01' });
    expectError(
      await call(inspector, 'POST', 'add-inspection', body(businessA.id, { decisionNumber: 'trung-01' })),
      409,
      'DUPLICATE_DECISION',
    );
    expectError(await call(inspector, 'GET', 'inspections/not-a-uuid'), 400);
    expectError(await call(inspector, 'POST', `cancel-inspection/${first.id}`, { version: 1 }), 400);
    expectError(
      await call(inspector, 'POST', 'conclude-inspection/' + first.id, { version: 1, conclusionNumber: 'x' }),
      400,
    );
    // An item id of another inspection is refused and nothing of the update stays.
    const other = await create({ requirements: [{ content: 'Khác', deadline: today() }] });
    const res = await call(inspector, 'PUT', `update-inspection/${first.id}`, {
      ...body(businessA.id, { decisionNumber: 'TRUNG-01', findings: 'không được lưu' }),
      version: 1,
      requirements: [{ id: other.requirements[0]!.id, content: 'Lấn', deadline: today() }],
    });
    expectError(res, 400, 'VALIDATION');
    const after = (await call(inspector, 'GET', `inspections/${first.id}`)).json();
    expect(after).toMatchObject({ version: 1, findings: null });
    const count = await sql<{ n: string }>`select count(*) as n from labour_inspection`.execute(t.database.db);
    expect(Number(count.rows[0]!.n)).toBe(Number(before.rows[0]!.n) + 2);
  });
});

describe('who sees and does what', () => {
  it('employers see only their own, communes only theirs once begun, the public none of the plan', async () => {
    const ofA = await concluded({ requirements: [{ content: 'Sửa', deadline: today() }] });
    const ofB = await concluded({ requirements: [{ content: 'Sửa', deadline: today() }] }, businessB.id);
    const surprise = await create({ kind: 'surprise' });
    const listOf = async (s: Session, q = 'pageSize=100') => {
      const res = await call(s, 'GET', `inspections?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().pageLists as { id: string }[]).map((x) => x.id);
    };
    const a = await listOf(employerA);
    expect(a).toContain(ofA.id);
    expect(a).not.toContain(ofB.id);
    expect(a).not.toContain(surprise.id);
    expect((await call(employerA, 'GET', `inspections/${ofB.id}`)).statusCode).toBe(404);
    expect((await call(employerA, 'GET', `inspections/${surprise.id}`)).statusCode).toBe(404);
    // Hostile probes: a filter naming another employer, an answer to its requirement.
    expect(await listOf(employerA, `businessId=${businessB.id}`)).toEqual([]);
    expectError(await call(employerA, 'POST', `answer-requirement/${ofB.requirements[0]!.id}`, { text: 'x' }), 404);

    const da = await listOf(districtA);
    expect(da).toContain(ofA.id);
    expect(da).not.toContain(ofB.id);
    expect(da).not.toContain(surprise.id);
    expect(await listOf(districtB)).not.toContain(ofA.id);
    expect((await call(districtA, 'GET', `inspections/${ofA.id}`)).json().actions).toEqual([]);
    // Read-only for communes and employers, whatever their permissions say.
    expectError(await call(districtA, 'POST', 'add-inspection', body(businessA.id)), 403, 'INSPECTORS_ONLY');
    expectError(await call(employerA, 'POST', 'add-inspection', body(businessA.id)), 403, 'INSPECTORS_ONLY');
    expectError(await call(districtA, 'POST', `accept-requirement/${ofA.requirements[0]!.id}`, {}), 403);
    expectError(await call(officerReadOnly, 'POST', 'add-inspection', body(businessA.id)), 403);
    expect((await call(officerReadOnly, 'GET', `inspections/${surprise.id}`)).json().actions).toEqual([]);
    expectError(await call(null, 'GET', 'inspections'), 401);
    const stranger = await sessionWith(t, { permissions: [] });
    expectError(await call(stranger, 'GET', 'inspections'), 403);
  });
});

describe('the department list', () => {
  it('pages and filters by status, kind, year, employer, commune, keyword and overdue requirements', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const b1 = await createBusiness(t, WARDS[0], `Công ty Lọc Đồi ${tag}`);
    const b2 = await createBusiness(t, WARDS[1], `Công ty Lọc Suối ${tag}`);
    const x1 = await create({ kind: 'check' }, b1.id);
    const x2 = await concluded({ requirements: [{ content: 'Quá hạn', deadline: addDays(today(), -2) }] }, b1.id);
    const x3 = await create({ plannedFrom: '2024-03-01', plannedTo: null, kind: 'surprise' }, b2.id);
    const ids = async (q: string) => {
      const res = await call(inspector, 'GET', `inspections?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { pageLists: { id: string }[]; totalRecord: number };
    };
    const kw = `keyWord=${tag}`;
    expect((await ids(kw)).totalRecord).toBe(3);
    const p1 = await ids(`${kw}&pageSize=2&pageNumber=1`);
    const p2 = await ids(`${kw}&pageSize=2&pageNumber=2`);
    expect(p1.pageLists).toHaveLength(2);
    expect(p2.pageLists).toHaveLength(1);
    expect(new Set([...p1.pageLists, ...p2.pageLists].map((r) => r.id)).size).toBe(3);
    expect((await ids(`${kw}&status=concluded`)).pageLists.map((r) => r.id)).toEqual([x2.id]);
    expect((await ids(`${kw}&kind=check`)).pageLists.map((r) => r.id)).toEqual([x1.id]);
    expect((await ids(`${kw}&year=2024`)).pageLists.map((r) => r.id)).toEqual([x3.id]);
    expect((await ids(`${kw}&businessId=${b2.id}`)).pageLists.map((r) => r.id)).toEqual([x3.id]);
    expect((await ids(`${kw}&wardCode=${WARDS[1]}`)).pageLists.map((r) => r.id)).toEqual([x3.id]);
    expect((await ids(`${kw}&overdue=true`)).pageLists.map((r) => r.id)).toEqual([x2.id]);
    expect((await ids(`${kw}&toAnswer=true`)).pageLists.map((r) => r.id)).toEqual([x2.id]);
    const row = (await ids(`${kw}&status=concluded`)).pageLists[0] as unknown as Record<string, unknown>;
    expect(row).toMatchObject({ overdueRequirements: 1, leaderName: TEAM_NAME, kind: 'planned' });
    expectError(await call(inspector, 'GET', 'inspections?status=lost'), 400);
    expectError(await call(inspector, 'GET', 'inspections?pageSize=1000'), 400);
    const team = await call(inspector, 'GET', `inspectors?keyWord=${encodeURIComponent('thanh tra')}`);
    expect(team.statusCode, team.body).toBe(200);
    expect((team.json().items as { id: string }[]).map((u) => u.id)).toContain(inspector.user.id);
  });
});

describe('the public look-up', () => {
  it('finds concluded inspections of an employer by an accent-free name or tax code, without personal data', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const b = await createBusiness(t, WARDS[0], `Công ty Chè Tâm Châu ${tag}`);
    const done = await concluded(
      {
        violations: [
          {
            description: `Ông ${TEAM_NAME} ghi nhận: không trang bị bảo hộ`,
            legalProvision: 'Khoản 1 Điều 23 Luật ATVSLĐ 2015',
            fineAmount: 10_000_000,
          },
        ],
        requirements: [{ content: 'Trang bị bảo hộ lao động', deadline: addDays(today(), 10) }],
      },
      b.id,
    );
    const planned = await create({ decisionNumber: `KH-${tag}` }, b.id);
    // The employer answers with a file: neither the answer nor the file is public.
    const employer = await sessionWith(t, { permissions: EMPLOYER, unitId: b.unitId });
    const evidence = await upload(employer, 'Bằng chứng riêng tư.pdf');
    const answered = await call(employer, 'POST', `answer-requirement/${done.requirements[0]!.id}`, {
      text: 'Bà Lê Thị Riêng đã nhận bảo hộ',
      fileIds: [evidence.id],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const res = await t.request({
      url: `/api/Inspection/public-lookup?keyWord=${encodeURIComponent(`che tam chau ${tag}`)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as {
      totalRecord: number;
      pageLists: { businessId: string; taxCode: string; inspections: { status: string; decisionNumber: string }[] }[];
    };
    expect(answer.totalRecord).toBe(1);
    expect(answer.pageLists[0]).toMatchObject({ businessId: b.id, taxCode: b.code });
    expect(answer.pageLists[0]!.inspections).toHaveLength(1);
    expect(answer.pageLists[0]!.inspections[0]).toMatchObject({
      status: 'concluded',
      violations: [{ legalProvision: 'Khoản 1 Điều 23 Luật ATVSLĐ 2015', fineAmount: 10_000_000 }],
      requirements: [{ content: 'Trang bị bảo hộ lao động', status: 'answered' }],
    });
    expect(res.body).not.toContain(`KH-${tag}`);
    expect(res.body).not.toContain(planned.id);
    expect(res.body).not.toContain(done.id);
    for (const personal of [
      TEAM_NAME,
      COLLEAGUE_NAME,
      SIGNER,
      'Lê Thị Riêng',
      evidence.id,
      inspector.user.id,
      '.pdf',
      'fullName',
    ]) {
      expect(res.body).not.toContain(personal);
    }
    const byCode = await t.request({ url: `/api/Inspection/public-lookup?keyWord=${b.code}` });
    expect(byCode.json().totalRecord).toBe(1);
    expectError(await t.request({ url: '/api/Inspection/public-lookup?keyWord=a' }), 400);
  });
});
