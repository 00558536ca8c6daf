import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@portal/domain/equipment/rules';
import { levelOf, type MatrixBand } from '@portal/domain/risk-assessment/rules';
import { catalogOperations } from '../src/catalog/operations.ts';
import { clock, runDailyTasks } from '../src/platform/clock/index.ts';
import { randomAddress, scopeFixture } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { readPdf } from './support/pdf.ts';

/**
 * Risk assessment (Law 84/2015 Art 77, Decree 39/2016 Art 7, OiRA's steps): the seeded library and matrix, an
 * employer's assessment through every call (hazards from the library and its own, answers, ratings judged against
 * hand-computed levels, measures, completion, re-doing), the report and action plan read back, paging, the scopes
 * (another employer, the department read-only, the public nothing), the re-assessment rule with accidents written
 * as the accident module writes them, the workspace tasks, and bad input.
 */
let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
const db = () => t.database.db;
const today = () => clock.today();

const PERMISSIONS = [
  'RiskAssessment.read',
  'RiskAssessment.create',
  'RiskAssessment.update',
  'RiskAssessment.delete',
  'Hazard.read',
  'RiskMatrix.read',
];
const BASE = '/api/RiskAssessment';
const LIST = `${BASE}/riskAssessments`;

type Who = { headers: Record<string, string> } | null;
async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: who?.headers ?? {},
    remoteAddress: randomAddress(),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

interface Hazard {
  id: string;
  hazardId: string | null;
  code: string | null;
  name: string;
  answer: string;
  likelihood: number | null;
  severity: number | null;
  score: number | null;
  level: string | null;
  own: boolean;
  measures: { id: string; description: string; status: string; overdue: boolean; cost: number }[];
}
interface Details {
  assessment: {
    id: string;
    status: string;
    completedOn: string | null;
    nextReviewOn: string | null;
    previousId: string | null;
  };
  canEdit: boolean;
  canManageMeasures: boolean;
  reviewReasons: string[];
  hazards: Hazard[];
  priority: string[];
  accidents: { code: string; afterCompletion: boolean }[];
  summary: { hazards: number; present: number; levels: Record<string, number>; measures: number; cost: number };
}

/** A whole header, as the form sends it on update. */
const header = (title: string) => ({
  title,
  workArea: 'Phân xưởng',
  sector: 'agriculture',
  assessedOn: today(),
  assessors: 'Y',
});

let serial = 0;
async function createAssessment(who: Who, over: Record<string, unknown> = {}) {
  serial += 1;
  const res = await call(who, 'POST', LIST, {
    title: `Đánh giá rủi ro thử nghiệm ${serial}`,
    workArea: `Phân xưởng ${serial}`,
    sector: 'agriculture',
    assessedOn: today(),
    assessors: 'Nguyễn Văn An, Trần Thị Bình',
    workerCount: 12,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; businessId: string };
}

async function libraryIds(codes: string[]): Promise<Record<string, string>> {
  const rows = await sql<{
    id: string;
    code: string;
  }>`select id, code from hazard where code = any(${codes}::text[])`.execute(db());
  return Object.fromEntries(rows.rows.map((r) => [r.code, r.id]));
}

const details = async (who: Who, id: string) => {
  const res = await call(who, 'GET', `${BASE}/details/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Details;
};

const rate = (who: Who, rowId: string, likelihood: number, severity: number, extra: Record<string, unknown> = {}) =>
  call(who, 'PUT', `${BASE}/hazard/${rowId}`, { answer: 'present', likelihood, severity, ...extra });

let accidentSerial = 0;
/** An accident row as the accident module writes it (the data contract), linked to an assessment. */
async function accident(assessmentId: string, businessId: string, unitId: string, occurredOn: string): Promise<string> {
  accidentSerial += 1;
  const row = await sql<{ id: string }>`insert into accident (code, code_year, code_sequence, business_id,
      declared_by_unit_id, declarant_kind, occurred_at, place, description, severity, victim_count, serious_count,
      risk_assessment_id)
    values (${`TNLD-RR-${accidentSerial}-${Math.random().toString(36).slice(2, 7)}`}, 2099, ${9000 + accidentSerial},
      ${businessId}::uuid, ${unitId}::uuid, 'employer', ${`${occurredOn}T09:30:00+07:00`}::timestamptz,
      'Xưởng rang', 'Công nhân bị kẹp tay vào băng tải', 'serious', 1, 1, ${assessmentId}::uuid)
    returning id`.execute(db());
  return row.rows[0]!.id;
}

/** A completed assessment: one library hazard rated low, so it completes without measures. */
async function completed(who: Who, over: Record<string, unknown> = {}): Promise<string> {
  const a = await createAssessment(who, over);
  const ids = await libraryIds(['MN-CH-03']);
  const added = await call(who, 'POST', `${BASE}/hazards/${a.id}`, { hazardIds: [ids['MN-CH-03']] });
  expect(added.statusCode, added.body).toBe(200);
  const row = (added.json() as Details).hazards[0]!;
  expect((await rate(who, row.id, 1, 2)).statusCode).toBe(200);
  const done = await call(who, 'POST', `${BASE}/complete/${a.id}`);
  expect(done.statusCode, done.body).toBe(200);
  return a.id;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
}, 240_000);
afterAll(async () => t?.close());

describe('reference data', () => {
  it('seeds a hazard library across the province sectors, the risk matrix and the re-assessment interval', async () => {
    const library = await sql<{ sector: string; n: number }>`select sector, count(*)::int as n from hazard
      where deleted_at is null group by sector order by sector`.execute(db());
    const bySector = Object.fromEntries(library.rows.map((r) => [r.sector, r.n]));
    expect(Object.values(bySector).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(40);
    for (const sector of [
      'general',
      'agriculture',
      'construction',
      'mining',
      'manufacturing',
      'hospitality',
      'transport',
    ])
      expect(bySector[sector], sector).toBeGreaterThanOrEqual(4);
    const matrix = await sql<{ level: string; min: number; max: number }>`select level, min_score::int as min,
      max_score::int as max from risk_matrix where deleted_at is null order by min_score`.execute(db());
    expect(matrix.rows).toEqual([
      { level: 'low', min: 1, max: 4 },
      { level: 'medium', min: 5, max: 9 },
      { level: 'high', min: 10, max: 19 },
      { level: 'veryHigh', min: 20, max: 25 },
    ]);
    const interval = await sql<{
      amount: number;
      unit: string;
      verified: boolean;
      legal_basis: string;
    }>`select amount::int,
      unit, verified, legal_basis from legal_deadline where rule = 'RISK_ASSESSMENT_REVIEW'`.execute(db());
    expect(interval.rows).toHaveLength(1);
    expect(interval.rows[0]).toMatchObject({ amount: 12, unit: 'months', verified: false });
    expect(interval.rows[0]!.legal_basis).toContain('Điều 77');
  });

  it('reads the level of a score from the bands (pure rule)', () => {
    const bands: MatrixBand[] = [
      { level: 'low', minScore: 1, maxScore: 4 },
      { level: 'medium', minScore: 5, maxScore: 9 },
      { level: 'high', minScore: 10, maxScore: 19 },
      { level: 'veryHigh', minScore: 20, maxScore: 25 },
    ];
    expect([1, 4, 5, 9, 10, 19, 20, 25].map((s) => levelOf(s, bands))).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'veryHigh',
      'veryHigh',
    ]);
    expect(levelOf(26, bands)).toBeNull();
  });
});

describe("an employer's assessment", () => {
  let id: string;
  let rows: Record<string, string>;

  it('starts as a draft of the employer, whoever it names', async () => {
    const a = await createAssessment(f.employerA, { businessId: f.businessB.id });
    expect(a.status).toBe('draft');
    expect(a.businessId).toBe(f.businessA.id);
    id = a.id;
    const renamed = await call(f.employerA, 'PUT', `${LIST}/${id}`, {
      ...header('Đánh giá rủi ro xưởng xát'),
      workerCount: 14,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Đánh giá rủi ro xưởng xát', workerCount: 14, status: 'draft' });
  });

  it("offers the library of its sector and of every sector, and lists the hazards picked and the employer's own", async () => {
    const lib = await call(f.employerA, 'GET', `${BASE}/library/${id}`);
    expect(lib.statusCode).toBe(200);
    const library = lib.json() as { id: string; code: string; sector: string; added: boolean }[];
    expect(new Set(library.map((h) => h.sector))).toEqual(new Set(['agriculture', 'general']));
    expect(library.every((h) => !h.added)).toBe(true);
    const ids = await libraryIds(['MN-NN-01', 'MN-NN-02', 'MN-NN-03', 'MN-NN-04', 'MN-NN-05', 'MN-CH-01', 'MN-CH-03']);
    const added = await call(f.employerA, 'POST', `${BASE}/hazards/${id}`, {
      hazardIds: Object.values(ids),
      own: [{ name: 'Kẹt tay khi thay cuộn màng máy đóng gói', group: 'mechanical' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    // Adding the same library hazard again changes nothing.
    const again = await call(f.employerA, 'POST', `${BASE}/hazards/${id}`, { hazardIds: [ids['MN-NN-01']] });
    const d = again.json() as Details;
    expect(d.hazards).toHaveLength(8);
    expect(d.hazards.filter((h) => h.own).map((h) => h.name)).toEqual(['Kẹt tay khi thay cuộn màng máy đóng gói']);
    expect(d.hazards.every((h) => h.answer === 'unanswered')).toBe(true);
    rows = Object.fromEntries(d.hazards.map((h) => [h.code ?? 'OWN', h.id]));
    const marked = (await call(f.employerA, 'GET', `${BASE}/library/${id}`)).json() as {
      code: string;
      added: boolean;
    }[];
    expect(
      marked
        .filter((h) => h.added)
        .map((h) => h.code)
        .sort(),
    ).toEqual(Object.keys(ids).sort());
    // A hazard of another sector is not this assessment's to pick.
    const mining = await libraryIds(['MN-KT-01']);
    const wrong = await call(f.employerA, 'POST', `${BASE}/hazards/${id}`, { hazardIds: [mining['MN-KT-01']] });
    expect(wrong.statusCode).toBe(400);
  });

  it('rates present hazards by the matrix: hand-computed levels', async () => {
    const cases: [string, number, number, number, string][] = [
      ['MN-NN-01', 4, 5, 20, 'veryHigh'],
      ['MN-NN-02', 4, 4, 16, 'high'],
      ['MN-NN-03', 2, 5, 10, 'high'],
      ['MN-NN-04', 3, 3, 9, 'medium'],
      ['MN-CH-01', 1, 5, 5, 'medium'],
      ['OWN', 2, 2, 4, 'low'],
    ];
    for (const [code, l, s, score, level] of cases) {
      const res = await rate(f.employerA, rows[code]!, l, s, { currentControls: 'Che chắn một phần' });
      expect(res.statusCode, res.body).toBe(200);
      const h = (res.json() as Details).hazards.find((x) => x.id === rows[code])!;
      expect([h.score, h.level], code).toEqual([score, level]);
    }
    expect(
      (await call(f.employerA, 'PUT', `${BASE}/hazard/${rows['MN-NN-05']}`, { answer: 'notApplicable' })).statusCode,
    ).toBe(200);
    const d = await details(f.employerA, id);
    // The priority list: by level, then by score, then by listing order.
    expect(d.priority.map((p) => d.hazards.find((h) => h.id === p)!.code ?? 'OWN')).toEqual([
      'MN-NN-01',
      'MN-NN-02',
      'MN-NN-03',
      'MN-NN-04',
      'MN-CH-01',
      'OWN',
    ]);
    expect(d.summary.levels).toEqual({ low: 1, medium: 2, high: 2, veryHigh: 1 });
    const list = await call(f.employerA, 'GET', `${LIST}?pageSize=50`);
    const row = (list.json().pageLists as { id: string; hazardCount: number; highRiskCount: number }[]).find(
      (r) => r.id === id,
    )!;
    expect([row.hazardCount, row.highRiskCount]).toEqual([6, 3]);
  });

  it('refuses incomplete ratings and names of library hazards', async () => {
    expect(
      (await call(f.employerA, 'PUT', `${BASE}/hazard/${rows['MN-CH-03']}`, { answer: 'present', likelihood: 3 }))
        .statusCode,
    ).toBe(400);
    expect((await rate(f.employerA, rows['MN-CH-03']!, 6, 1)).statusCode).toBe(400);
    expect((await rate(f.employerA, rows['MN-CH-03']!, 0, 1)).statusCode).toBe(400);
    expect(
      (await call(f.employerA, 'PUT', `${BASE}/hazard/${rows['MN-CH-03']}`, { answer: 'absent', name: 'Đổi tên' }))
        .statusCode,
    ).toBe(400);
    expect((await call(f.employerA, 'PUT', `${BASE}/hazard/${rows['MN-CH-03']}`, { answer: 'maybe' })).statusCode).toBe(
      400,
    );
    const unknown = await call(f.employerA, 'PUT', `${BASE}/hazard/00000000-0000-4000-8000-000000000000`, {
      answer: 'absent',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('will not complete until every hazard is answered and every high risk has a measure', async () => {
    const res = await call(f.employerA, 'POST', `${BASE}/complete/${id}`);
    expect(res.statusCode).toBe(409);
    const messages = (res.json().error.details as { message: string }[]).map((d) => d.message).join('\n');
    expect(messages).toContain('Chưa trả lời mối nguy');
    expect(messages).toContain('chưa có biện pháp');
    expect(
      (await call(f.employerA, 'PUT', `${BASE}/hazard/${rows['MN-CH-03']}`, { answer: 'absent' })).statusCode,
    ).toBe(200);
  });

  it('plans, changes and removes measures; refuses measures on hazards not present and bad input', async () => {
    const deadline = addDays(today(), 30);
    const add = (rowKey: string, body: Record<string, unknown>) =>
      call(f.employerA, 'POST', `${BASE}/measure/${rows[rowKey]}`, body);
    const first = await add('MN-NN-01', {
      description: 'Lắp nút dừng khẩn cấp cho máy xát',
      owner: 'Tổ cơ điện',
      deadline,
      cost: 8_500_000,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(
      (
        await add('MN-NN-02', {
          description: 'Lắp chụp hút bụi tại máy sàng',
          owner: 'Quản đốc xưởng',
          deadline: addDays(today(), 60),
          cost: 32_000_000,
        })
      ).statusCode,
    ).toBe(200);
    const third = await add('MN-NN-03', {
      description: 'Cấp nút tai chống ồn',
      owner: 'Phòng Hành chính',
      deadline: addDays(today(), -1),
      cost: 1_200_000,
    });
    const overdue = (third.json() as Details).hazards.find((h) => h.id === rows['MN-NN-03'])!.measures[0]!;
    expect(overdue.overdue).toBe(true);
    // Change it: done today.
    const changed = await call(f.employerA, 'PUT', `${BASE}/measure/${overdue.id}`, {
      description: 'Cấp nút tai chống ồn cho 12 công nhân',
      owner: 'Phòng Hành chính',
      deadline: addDays(today(), -1),
      cost: 1_500_000,
      status: 'done',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const done = (changed.json() as Details).hazards.find((h) => h.id === rows['MN-NN-03'])!.measures[0]!;
    expect(done).toMatchObject({ status: 'done', overdue: false, cost: 1_500_000 });
    // A spare measure, removed again.
    const spare = await add('MN-NN-04', { description: 'Tạm thời', owner: 'Tổ trưởng', deadline, cost: 0 });
    const spareId = (spare.json() as Details).hazards.find((h) => h.id === rows['MN-NN-04'])!.measures[0]!.id;
    expect((await call(f.employerA, 'POST', `${BASE}/remove-measure/${spareId}`)).statusCode).toBe(200);
    // Not present, bad input.
    expect((await add('MN-CH-03', { description: 'X', owner: 'Y', deadline, cost: 0 })).statusCode).toBe(409);
    expect((await add('MN-NN-01', { description: '', owner: 'Y', deadline, cost: 0 })).statusCode).toBe(400);
    expect((await add('MN-NN-01', { description: 'X', owner: 'Y', deadline: '2026-02-30', cost: 0 })).statusCode).toBe(
      400,
    );
    expect((await add('MN-NN-01', { description: 'X', owner: 'Y', deadline, cost: -5 })).statusCode).toBe(400);
    expect(
      (
        await add('MN-NN-01', {
          description: 'X',
          owner: 'Y',
          deadline,
          cost: 0,
          status: 'done',
          doneOn: addDays(today(), 3),
        })
      ).statusCode,
    ).toBe(400);
    // A hazard with measures keeps its answer.
    expect(
      (await call(f.employerA, 'PUT', `${BASE}/hazard/${rows['MN-NN-01']}`, { answer: 'absent' })).statusCode,
    ).toBe(409);
    const d = await details(f.employerA, id);
    expect(d.summary.measures).toBe(3);
    expect(d.summary.cost).toBe(8_500_000 + 32_000_000 + 1_500_000);
  });

  it('completes: the next review is the assessment date plus the interval in force, and the hazards are kept', async () => {
    const res = await call(f.employerA, 'POST', `${BASE}/complete/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as Details;
    expect(d.assessment).toMatchObject({
      status: 'completed',
      completedOn: today(),
      nextReviewOn: addMonths(today(), 12),
    });
    expect(d.canEdit).toBe(false);
    expect(d.canManageMeasures).toBe(true);
    expect(d.reviewReasons).toEqual([]);
    expect((await rate(f.employerA, rows['MN-NN-04']!, 1, 1)).statusCode).toBe(409);
    expect(
      (await call(f.employerA, 'POST', `${BASE}/hazards/${id}`, { own: [{ name: 'Mới', group: 'fall' }] })).statusCode,
    ).toBe(409);
    expect((await call(f.employerA, 'PUT', `${LIST}/${id}`, header('Đổi tên'))).statusCode).toBe(409);
    expect((await call(f.employerA, 'POST', `${BASE}/delete-risk-assessments`, [id])).statusCode).toBe(409);
    // The action plan goes on: a measure marked done after completion.
    const measure = d.hazards.find((h) => h.id === rows['MN-NN-01'])!.measures[0]!;
    const marked = await call(f.employerA, 'PUT', `${BASE}/measure/${measure.id}`, {
      description: measure.description,
      owner: 'Tổ cơ điện',
      deadline: addDays(today(), 30),
      cost: 8_500_000,
      status: 'done',
    });
    expect(marked.statusCode, marked.body).toBe(200);
  });

  it('prints the report with the priority list and the action plan with owners, deadlines and costs', async () => {
    const report = await call(f.employerA, 'GET', `${BASE}/report-pdf/${id}`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    const r = (await readPdf(report.rawPayload)).text.replace(/\s+/g, ' ');
    expect(r).toContain('BÁO CÁO KẾT QUẢ ĐÁNH GIÁ NGUY CƠ RỦI RO');
    expect(r).toContain('Điều 77');
    expect(r).toContain('đã xem xét 8 mối nguy, trong đó 6 mối nguy hiện hữu, 1 không có, 1 không áp dụng');
    expect(r).toContain('rất cao 1, cao 2, trung bình 2, thấp 1');
    const order = [
      'Cuốn, kẹp tay vào máy xát',
      'Bụi hữu cơ khi sàng',
      'Tiếng ồn từ máy xát',
      'Cháy lò rang',
      'Cháy, nổ do chập điện',
      'Kẹt tay khi thay cuộn',
    ];
    const at = order.map((name) => r.indexOf(name));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(r).toMatch(/Cuốn, kẹp tay vào máy xát.*4 5 20 Rất cao/);
    expect(r).toContain(addMonths(today(), 12).split('-').reverse().join('/'));

    const plan = await call(f.employerA, 'GET', `${BASE}/action-plan-pdf/${id}`);
    expect(plan.statusCode).toBe(200);
    const p = (await readPdf(plan.rawPayload)).text.replace(/\s+/g, ' ');
    expect(p).toContain('KẾ HOẠCH KIỂM SOÁT NGUY CƠ RỦI RO');
    expect(p).toContain('Lắp nút dừng khẩn cấp cho máy xát');
    expect(p).toContain('Tổ cơ điện');
    expect(p).toContain('8.500.000');
    expect(p).toContain('32.000.000');
    expect(p).toContain(addDays(today(), 60).split('-').reverse().join('/'));
    expect(p).toContain('Tổng số 3 biện pháp, đã hoàn thành 2, quá hạn 0; tổng kinh phí dự kiến 42.000.000 đồng');
    expect(p.indexOf('Lắp nút dừng khẩn cấp')).toBeLessThan(p.indexOf('Lắp chụp hút bụi'));
  });

  it('deletes a draft, and the list pages', async () => {
    const draft = await createAssessment(f.employerA);
    const del = await call(f.employerA, 'POST', `${BASE}/delete-risk-assessments`, [draft.id]);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call(f.employerA, 'GET', `${BASE}/details/${draft.id}`)).statusCode).toBe(404);
    for (let i = 0; i < 3; i += 1) await createAssessment(f.employerA);
    const page1 = await call(f.employerA, 'GET', `${LIST}?pageNumber=1&pageSize=2&sortField=title&sortOrder=asc`);
    const page2 = await call(f.employerA, 'GET', `${LIST}?pageNumber=2&pageSize=2&sortField=title&sortOrder=asc`);
    expect(page1.statusCode).toBe(200);
    const total = page1.json().totalRecord as number;
    expect(total).toBeGreaterThanOrEqual(4);
    expect(page1.json().pageLists).toHaveLength(2);
    const ids = [...page1.json().pageLists, ...page2.json().pageLists].map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(4);
    const drafts = await call(f.employerA, 'GET', `${LIST}?status=draft&pageSize=100`);
    expect((drafts.json().pageLists as { status: string }[]).every((r) => r.status === 'draft')).toBe(true);
  });

  it('refuses bad headers: a future date, a missing work area, an unknown sector', async () => {
    expect(
      (
        await call(f.employerA, 'POST', LIST, {
          title: 'X',
          workArea: 'Y',
          sector: 'agriculture',
          assessors: 'Z',
          assessedOn: addDays(today(), 2),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(f.employerA, 'POST', LIST, {
          title: 'X',
          sector: 'agriculture',
          assessors: 'Z',
          assessedOn: today(),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(f.employerA, 'POST', LIST, {
          title: 'X',
          workArea: 'Y',
          sector: 'space',
          assessors: 'Z',
          assessedOn: today(),
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(f.employerA, 'POST', `${BASE}/hazards/${id}`, {})).statusCode).toBe(400);
    expect((await call(f.employerA, 'GET', `${BASE}/details/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('scopes', () => {
  let mine: string;
  let row: string;
  let measure: string;

  beforeAll(async () => {
    mine = (await createAssessment(f.employerA)).id;
    const ids = await libraryIds(['MN-NN-02']);
    const d = (
      await call(f.employerA, 'POST', `${BASE}/hazards/${mine}`, { hazardIds: [ids['MN-NN-02']] })
    ).json() as Details;
    row = d.hazards[0]!.id;
    await rate(f.employerA, row, 3, 4);
    const m = await call(f.employerA, 'POST', `${BASE}/measure/${row}`, {
      description: 'Hút bụi',
      owner: 'Xưởng',
      deadline: addDays(today(), 10),
      cost: 0,
    });
    measure = (m.json() as Details).hazards[0]!.measures[0]!.id;
  });

  it('another employer neither sees nor changes the assessment, its hazards or measures', async () => {
    const B = f.employerB;
    expect((await call(B, 'GET', `${BASE}/details/${mine}`)).statusCode).toBe(404);
    expect((await call(B, 'GET', `${LIST}/${mine}`)).statusCode).toBe(404);
    expect((await call(B, 'GET', `${BASE}/library/${mine}`)).statusCode).toBe(404);
    expect((await call(B, 'GET', `${BASE}/report-pdf/${mine}`)).statusCode).toBe(404);
    expect((await call(B, 'GET', `${BASE}/action-plan-pdf/${mine}`)).statusCode).toBe(404);
    expect((await rate(B, row, 1, 1)).statusCode).toBe(404);
    expect((await call(B, 'POST', `${BASE}/hazards/${mine}`, { own: [{ name: 'X', group: 'fall' }] })).statusCode).toBe(
      404,
    );
    expect((await call(B, 'POST', `${BASE}/remove-hazard/${row}`)).statusCode).toBe(404);
    expect(
      (await call(B, 'PUT', `${BASE}/measure/${measure}`, { description: 'X', owner: 'Y', deadline: today(), cost: 0 }))
        .statusCode,
    ).toBe(404);
    expect((await call(B, 'POST', `${BASE}/remove-measure/${measure}`)).statusCode).toBe(404);
    expect((await call(B, 'POST', `${BASE}/complete/${mine}`)).statusCode).toBe(404);
    expect((await call(B, 'PUT', `${LIST}/${mine}`, header('Của B'))).statusCode).toBe(404);
    const list = await call(B, 'GET', `${LIST}?pageSize=200`);
    expect((list.json().pageLists as { id: string }[]).map((r) => r.id)).not.toContain(mine);
    const d = await details(f.employerA, mine);
    expect(d.hazards[0]!.level).toBe('high');
    expect(d.hazards[0]!.measures[0]!.description).toBe('Hút bụi');
  });

  it('the department reads every assessment but changes none', async () => {
    const D = f.department;
    const list = await call(D, 'GET', `${LIST}?pageSize=200&businessId=${f.businessA.id}`);
    expect((list.json().pageLists as { id: string }[]).map((r) => r.id)).toContain(mine);
    const d = await details(D, mine);
    expect([d.canEdit, d.canManageMeasures]).toEqual([false, false]);
    expect((await call(D, 'GET', `${BASE}/report-pdf/${mine}`)).statusCode).toBe(200);
    expect((await rate(D, row, 1, 1)).statusCode).toBe(403);
    expect((await call(D, 'POST', `${BASE}/hazards/${mine}`, { own: [{ name: 'X', group: 'fall' }] })).statusCode).toBe(
      403,
    );
    expect(
      (await call(D, 'POST', `${BASE}/measure/${row}`, { description: 'X', owner: 'Y', deadline: today(), cost: 0 }))
        .statusCode,
    ).toBe(403);
    expect((await call(D, 'POST', `${BASE}/remove-measure/${measure}`)).statusCode).toBe(403);
    expect((await call(D, 'POST', `${BASE}/complete/${mine}`)).statusCode).toBe(403);
    expect((await call(D, 'PUT', `${LIST}/${mine}`, header('Sở sửa'))).statusCode).toBe(403);
    expect((await call(D, 'POST', `${BASE}/delete-risk-assessments`, [mine])).statusCode).toBe(403);
    const created = await call(D, 'POST', LIST, {
      title: 'Sở lập hộ',
      businessId: f.businessA.id,
      workArea: 'X',
      sector: 'general',
      assessors: 'Y',
      assessedOn: today(),
    });
    expect(created.statusCode).toBe(403);
    expect((await details(f.employerA, mine)).hazards[0]!.score).toBe(12);
  });

  it("a commune reads its employers' assessments only, and writes none", async () => {
    const list = await call(f.districtA, 'GET', `${LIST}?pageSize=200`);
    expect(list.statusCode).toBe(200);
    expect((list.json().pageLists as { id: string }[]).map((r) => r.id)).toContain(mine);
    expect((await call(f.districtB, 'GET', `${BASE}/details/${mine}`)).statusCode).toBe(404);
    expect((await rate(f.districtA, row, 1, 1)).statusCode).toBe(403);
  });

  it('the public gets nothing', async () => {
    for (const [method, url] of [
      ['GET', LIST],
      ['GET', `${BASE}/details/${mine}`],
      ['GET', `${BASE}/library/${mine}`],
      ['GET', `${BASE}/report-pdf/${mine}`],
      ['GET', `${BASE}/action-plan-pdf/${mine}`],
      ['PUT', `${BASE}/hazard/${row}`],
      ['POST', `${BASE}/complete/${mine}`],
    ] as const)
      expect((await call(null, method, url, method === 'GET' ? undefined : { answer: 'absent' })).statusCode, url).toBe(
        401,
      );
  });
});

describe('re-assessment', () => {
  const reasonsOf = async (id: string) => (await details(f.employerA, id)).reviewReasons;
  const listed = async (id: string) =>
    (
      (await call(f.employerA, 'GET', `${LIST}?pageSize=200`)).json().pageLists as {
        id: string;
        reviewDue: string | null;
      }[]
    ).find((r) => r.id === id)!.reviewDue;

  it('is due once the review date has passed', async () => {
    const assessedOn = addMonths(today(), -13);
    const id = await completed(f.employerA, { assessedOn });
    const d = await details(f.employerA, id);
    expect(d.assessment.nextReviewOn).toBe(addMonths(assessedOn, 12));
    expect(d.reviewReasons).toEqual(['dateReached']);
    expect(await listed(id)).toBe('dateReached');
    const fresh = await completed(f.employerA, { assessedOn: addMonths(today(), -11) });
    expect(await reasonsOf(fresh)).toEqual([]);
  });

  it('is due after an accident linked on or after completion, not before it', async () => {
    const before = await completed(f.employerA);
    // Completed today; an accident of last week linked to it does not make it due.
    await accident(before, f.businessA.id, f.businessA.unitId, addDays(today(), -7));
    expect(await reasonsOf(before)).toEqual([]);
    await accident(before, f.businessA.id, f.businessA.unitId, today());
    const d = await details(f.employerA, before);
    expect(d.reviewReasons).toEqual(['accident']);
    expect(d.accidents.map((a) => a.afterCompletion)).toEqual([true, false]);
    expect(await listed(before)).toBe('accident');
    // A draft is being done: not due, whatever is linked.
    const draft = await createAssessment(f.employerA);
    await accident(draft.id, f.businessA.id, f.businessA.unitId, today());
    expect(await reasonsOf(draft.id)).toEqual([]);
    // A deleted accident counts no more.
    await sql`update accident set deleted_at = now() where risk_assessment_id = ${before}::uuid`.execute(db());
    expect(await reasonsOf(before)).toEqual([]);
  });

  it("shows due assessments and overdue measures in the employer's workspace, and marks the list each morning", async () => {
    const tasks = async () =>
      (
        (await call(f.employerB, 'GET', '/api/Workspace/tasks')).json().tasks as { key: string; count: number }[]
      ).filter((x) => x.key.startsWith('riskAssessment.'));
    const start = Object.fromEntries((await tasks()).map((x) => [x.key, x.count]));
    const id = await completed(f.employerB, { assessedOn: addMonths(today(), -14) });
    const ids = await libraryIds(['MN-NN-10']);
    const draft = await createAssessment(f.employerB);
    const d = (
      await call(f.employerB, 'POST', `${BASE}/hazards/${draft.id}`, { hazardIds: [ids['MN-NN-10']] })
    ).json() as Details;
    await rate(f.employerB, d.hazards[0]!.id, 4, 3);
    await call(f.employerB, 'POST', `${BASE}/measure/${d.hazards[0]!.id}`, {
      description: 'Xe nâng tay',
      owner: 'Kho',
      deadline: addDays(today(), -3),
      cost: 4_000_000,
    });
    const after = Object.fromEntries((await tasks()).map((x) => [x.key, x.count]));
    expect(after['riskAssessment.due']).toBe((start['riskAssessment.due'] ?? 0) + 1);
    expect(after['riskAssessment.overdueMeasures']).toBe((start['riskAssessment.overdueMeasures'] ?? 0) + 1);
    // The stored mark the list filters by: cleared by hand, set again by the morning's run.
    await sql`update risk_assessment set review_due = null where id = ${id}::uuid`.execute(db());
    await runDailyTasks(t.app, today());
    // The morning also tells the employer, once, of its overdue measure.
    const told = async () =>
      (
        await sql<{ params: { count: number; date: string } }>`select params from notification
          where user_id = ${f.employerB.user.id}::uuid and kind = 'riskMeasuresOverdue'`.execute(db())
      ).rows;
    expect((await told()).map((r) => r.params)).toEqual([
      { count: 1, date: addDays(today(), -3).split('-').reverse().join('/') },
    ]);
    await runDailyTasks(t.app, today());
    expect(await told()).toHaveLength(1);
    const filtered = await call(f.employerB, 'GET', `${LIST}?reviewDue=dateReached&pageSize=100`);
    expect((filtered.json().pageLists as { id: string }[]).map((r) => r.id)).toContain(id);
    // The department sees no employer task.
    const dept = (await call(f.department, 'GET', '/api/Workspace/tasks')).json().tasks as { key: string }[];
    expect(dept.map((x) => x.key)).not.toContain('riskAssessment.due');
  });

  it('re-does a completed assessment as a new draft with the same hazards; the older one is then not due', async () => {
    const old = await completed(f.employerA, { assessedOn: addMonths(today(), -13) });
    expect(await reasonsOf(old)).toEqual(['dateReached']);
    expect(
      (await call(f.employerA, 'POST', `${BASE}/reassess/${(await createAssessment(f.employerA)).id}`)).statusCode,
    ).toBe(409);
    expect((await call(f.department, 'POST', `${BASE}/reassess/${old}`)).statusCode).toBe(403);
    const res = await call(f.employerA, 'POST', `${BASE}/reassess/${old}`);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = await details(f.employerA, res.json().id as string);
    expect(fresh.assessment).toMatchObject({ status: 'draft', previousId: old });
    expect(fresh.hazards.map((h) => [h.code, h.answer, h.score])).toEqual([['MN-CH-03', 'present', 2]]);
    expect(await reasonsOf(old)).toEqual([]);
    expect(await listed(old)).toBeNull();
  });
});

describe('the risk matrix in force on the assessment date', () => {
  it('rates by the bands in force on the date assessed, and refuses a date no matrix covers', async () => {
    const system = { db: db(), principal: null, lang: 'vi' as const, request: null, system: true };
    const yesterday = addDays(today(), -1);
    // From today the department counts 8 and 9 as high (its correction), the older bands end yesterday.
    await sql`update risk_matrix set valid_to = ${yesterday}::date where valid_to is null`.execute(db());
    const bands: [string, string, number, number][] = [
      ['MTRR-THAP-MOI', 'low', 1, 3],
      ['MTRR-TB-MOI', 'medium', 4, 7],
      ['MTRR-CAO-MOI', 'high', 8, 19],
      ['MTRR-RATCAO-MOI', 'veryHigh', 20, 25],
    ];
    for (const [code, level, minScore, maxScore] of bands)
      await catalogOperations('riskMatrix').create(system, {
        code,
        level,
        minScore,
        maxScore,
        legalBasis: 'Quyết định của Sở (thử nghiệm)',
        validFrom: today(),
      });
    const bad = catalogOperations('riskMatrix').create(system, {
      code: 'MTRR-SAI',
      level: 'low',
      minScore: 5,
      maxScore: 2,
      legalBasis: 'X',
      validFrom: today(),
    });
    await expect(bad).rejects.toMatchObject({ statusCode: 400, details: [{ field: 'maxScore' }] });

    const ids = await libraryIds(['MN-NN-04']);
    const rated = async (assessedOn: string) => {
      const a = await createAssessment(f.employerA, { assessedOn });
      const d = (
        await call(f.employerA, 'POST', `${BASE}/hazards/${a.id}`, { hazardIds: [ids['MN-NN-04']] })
      ).json() as Details;
      return rate(f.employerA, d.hazards[0]!.id, 3, 3);
    };
    const before = await rated(yesterday);
    expect((before.json() as Details).hazards[0]).toMatchObject({ score: 9, level: 'medium' });
    const after = await rated(today());
    expect((after.json() as Details).hazards[0]).toMatchObject({ score: 9, level: 'high' });
    const unknown = await rated('2015-06-30');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.code).toBe('MATRIX_MISSING');
  });

  it('takes a hazard off a draft with its measures', async () => {
    const a = await createAssessment(f.employerA);
    const d = (
      await call(f.employerA, 'POST', `${BASE}/hazards/${a.id}`, {
        own: [{ name: 'Bỏng hơi nước nồi hơi', group: 'fire' }],
      })
    ).json() as Details;
    const row = d.hazards[0]!.id;
    await rate(f.employerA, row, 2, 3);
    await call(f.employerA, 'POST', `${BASE}/measure/${row}`, {
      description: 'Bọc cách nhiệt',
      owner: 'Tổ lò',
      deadline: today(),
      cost: 0,
    });
    const res = await call(f.employerA, 'POST', `${BASE}/remove-hazard/${row}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Details).hazards).toEqual([]);
    const left = await sql<{
      n: string;
    }>`select count(*) as n from risk_assessment_measure where assessment_id = ${a.id}::uuid`.execute(db());
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
