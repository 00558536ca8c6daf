import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '@portal/domain/equipment/rules';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { riskAssessmentDemoStep } from '../src/modules/risk-assessment/seed.ts';
import { clock } from '../src/platform/clock/index.ts';
import { signIn } from './support/accounts.ts';
import { createTestApp, demoSeedContext, seedDemo, type TestApp } from './support/app.ts';
import { readPdf } from './support/pdf.ts';

/**
 * The demo province shows risk assessment in its states: the coffee company's completed assessment with an overdue
 * measure and its draft, the flower company's assessment due again; seeding twice changes nothing.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
}, 240_000);
afterAll(async () => t?.close());

const session = async (userName: string) => (await signIn(t, { userName, password: DEMO_PASSWORD })).headers;
const LIST = '/api/RiskAssessment/riskAssessments';

interface Row {
  id: string;
  title: string;
  status: string;
  reviewDue: string | null;
  highRiskCount: number;
  assessedOn: string;
  nextReviewOn: string | null;
}

describe('risk assessment demo', () => {
  it('gives each demo employer its assessments, in their states, and only its own', async () => {
    const coffee = (await t.request({ url: `${LIST}?pageSize=50`, headers: await session('dn.caudatxanh') })).json()
      .pageLists as Row[];
    expect(coffee.map((r) => r.status).sort()).toEqual(['completed', 'draft']);
    const roast = coffee.find((r) => r.status === 'completed')!;
    expect(roast).toMatchObject({ reviewDue: null, highRiskCount: 3 });
    expect(roast.nextReviewOn).toBe(addMonths(roast.assessedOn, 12));

    const flowers = (await t.request({ url: `${LIST}?pageSize=50`, headers: await session('dn.rauhoa') })).json()
      .pageLists as Row[];
    expect(flowers).toHaveLength(1);
    expect(flowers[0]).toMatchObject({ status: 'completed', reviewDue: 'dateReached' });
    expect(flowers[0]!.nextReviewOn! <= clock.today()).toBe(true);

    const all = (await t.request({ url: `${LIST}?pageSize=50`, headers: await session('canbo.so') })).json()
      .pageLists as Row[];
    expect(all.length).toBeGreaterThanOrEqual(3);
  });

  it("puts the due assessment and the overdue measure in the employers' workspaces", async () => {
    const tasks = async (userName: string) =>
      Object.fromEntries(
        (
          (await t.request({ url: '/api/Workspace/tasks', headers: await session(userName) })).json().tasks as {
            key: string;
            count: number;
          }[]
        ).map((x) => [x.key, x.count]),
      );
    const coffee = await tasks('dn.caudatxanh');
    expect(coffee['riskAssessment.overdueMeasures']).toBe(1);
    expect(coffee['riskAssessment.due'] ?? 0).toBe(0);
    const flowers = await tasks('dn.rauhoa');
    expect(flowers['riskAssessment.due']).toBe(1);
    expect(flowers['riskAssessment.overdueMeasures']).toBe(1);
  });

  it('prints the demo action plan', async () => {
    const headers = await session('dn.caudatxanh');
    const roast = ((await t.request({ url: `${LIST}?status=completed`, headers })).json().pageLists as Row[])[0]!;
    const res = await t.request({ url: `/api/RiskAssessment/action-plan-pdf/${roast.id}`, headers });
    expect(res.statusCode).toBe(200);
    const text = (await readPdf(res.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain('CÔNG TY TNHH CÀ PHÊ CẦU ĐẤT XANH');
    expect(text).toContain('Lắp nút dừng khẩn cấp cho máy xát và băng tải số 1, 2');
    expect(text).toContain('32.000.000');
    expect(text).toContain('tổng kinh phí dự kiến 45.900.000 đồng');
  });

  it('is idempotent', async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from risk_assessment`.execute(t.database.db)).rows[0]!.n);
    const before = await count();
    await riskAssessmentDemoStep.run(demoSeedContext(t));
    await seedDemo(t);
    expect(await count()).toBe(before);
  });
});
