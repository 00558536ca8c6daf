import { sql } from 'kysely';
import { addDays, addMonths } from '@portal/domain/equipment/rules';
import { REVIEW_INTERVAL_RULE, type HazardAnswer, type MeasureStatus } from '@portal/domain/risk-assessment/rules';
import type { OpContext } from '../../catalog/context.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { seedCatalogRows } from '../../catalog/seed.ts';
import type { Db } from '../../db/database.ts';
import { clock } from '../../platform/clock/index.ts';
import type { SeedStep } from '../../seed/step.ts';
import { HAZARD_LIBRARY } from './library.ts';
import { addHazards, addMeasure, answerHazard, completeAssessment, refreshReviewDue } from './service.ts';

const LAW_84 = 'Luật An toàn, vệ sinh lao động 2015, Điều 77';
const DECREE_39 = 'Nghị định 39/2016/NĐ-CP, Điều 7';

/**
 * The usual 5 × 5 matrix (likelihood × severity): 1–4 low, 5–9 medium, 10–19 high, 20–25 very high. The law asks
 * for the assessment but sets no matrix: these bands are the department's rule (ILO and Vietnamese OSH training
 * material use the same cut-offs), so they are marked verified as the department's own, not read from the law.
 */
export const RISK_MATRIX = [
  ['MTRR-THAP', 'low', 1, 4, 'Chấp nhận được: duy trì biện pháp hiện có, theo dõi'],
  ['MTRR-TB', 'medium', 5, 9, 'Cần biện pháp giảm thiểu trong kế hoạch năm'],
  ['MTRR-CAO', 'high', 10, 19, 'Phải có biện pháp kiểm soát trước khi tiếp tục công việc, trong thời hạn ngắn'],
  ['MTRR-RATCAO', 'veryHigh', 20, 25, 'Không chấp nhận được: dừng công việc cho tới khi rủi ro được giảm'],
].map(([code, level, minScore, maxScore, response]) => ({
  code,
  level,
  minScore,
  maxScore,
  response,
  legalBasis: `${LAW_84}; ${DECREE_39} (ma trận do Sở quy định)`,
  validFrom: '2016-07-01',
  verified: true,
}));

/**
 * Reference data every installation starts with, written once (the department's corrections are never undone): the
 * hazard library, the risk matrix, and the re-assessment interval — at least once a year (Decree 39/2016 Art 7 as
 * secondary sources read it; not checked against the decree's text, hence unverified).
 */
export const riskAssessmentReferenceStep: SeedStep = {
  name: 'risk-assessment-reference',
  kind: 'reference',
  order: 140,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'riskAssessment.seeded.reference', {
      hazard: HAZARD_LIBRARY,
      riskMatrix: RISK_MATRIX,
      legalDeadline: [
        {
          code: 'DGRR-DINH-KY',
          rule: REVIEW_INTERVAL_RULE,
          name: 'Đánh giá lại nguy cơ rủi ro về an toàn, vệ sinh lao động định kỳ',
          amount: 12,
          unit: 'months',
          legalBasis: `${LAW_84}; ${DECREE_39} (đánh giá định kỳ ít nhất một lần trong năm)`,
          validFrom: '2016-07-01',
          verified: false,
          note: 'Chu kỳ theo tài liệu thứ cấp; cần đối chiếu văn bản gốc Nghị định 39/2016/NĐ-CP.',
        },
      ],
    }),
};

// ---------------------------------------------------------------------------------------------------- demo

const MARKER = 'riskAssessment.demo.v1';
const system = (db: Db): OpContext => ({ db, principal: null, lang: 'vi', request: null, system: true });

interface DemoHazard {
  code?: string;
  own?: { name: string; group: 'mechanical' | 'physical' | 'ergonomic' | 'chemical' | 'fall' };
  answer: HazardAnswer;
  likelihood?: number;
  severity?: number;
  controls?: string;
  measures?: { description: string; owner: string; deadlineDays: number; cost: number; status: MeasureStatus }[];
}

interface DemoAssessment {
  employer: string;
  title: string;
  workArea: string;
  sector: 'agriculture';
  assessors: string;
  workerCount: number;
  /** Months before today it was assessed. */
  monthsAgo: number;
  complete: boolean;
  hazards: DemoHazard[];
}

const DEMO: DemoAssessment[] = [
  {
    employer: '5801234577',
    title: 'Đánh giá rủi ro xưởng rang xay cà phê năm 2026',
    workArea: 'Xưởng rang xay và đóng gói cà phê',
    sector: 'agriculture',
    assessors: 'Lê Thị Hồng (phụ trách ATVSLĐ), Nguyễn Văn Tâm (quản đốc xưởng)',
    workerCount: 24,
    monthsAgo: 2,
    complete: true,
    hazards: [
      {
        code: 'MN-NN-01',
        answer: 'present',
        likelihood: 3,
        severity: 5,
        controls: 'Có che chắn dây đai máy xát; chưa có nút dừng khẩn cấp',
        measures: [
          {
            description: 'Lắp nút dừng khẩn cấp cho máy xát và băng tải số 1, 2',
            owner: 'Tổ cơ điện – Trần Văn Lực',
            deadlineDays: -10,
            cost: 8_500_000,
            status: 'planned',
          },
          {
            description: 'Ban hành quy trình khóa nguồn, treo biển (LOTO) khi vệ sinh máy',
            owner: 'Lê Thị Hồng',
            deadlineDays: -30,
            cost: 0,
            status: 'done',
          },
        ],
      },
      {
        code: 'MN-NN-02',
        answer: 'present',
        likelihood: 4,
        severity: 3,
        controls: 'Công nhân đeo khẩu trang vải',
        measures: [
          {
            description: 'Lắp chụp hút bụi tại máy sàng và máy xay',
            owner: 'Nguyễn Văn Tâm',
            deadlineDays: 45,
            cost: 32_000_000,
            status: 'planned',
          },
          {
            description: 'Cấp khẩu trang lọc bụi đạt chuẩn cho 24 công nhân',
            owner: 'Phòng Hành chính',
            deadlineDays: 7,
            cost: 2_400_000,
            status: 'planned',
          },
        ],
      },
      {
        code: 'MN-NN-04',
        answer: 'present',
        likelihood: 2,
        severity: 4,
        controls: 'Bình chữa cháy cạnh lò rang',
        measures: [
          {
            description: 'Vệ sinh vỏ trấu quanh lò rang cuối mỗi ca',
            owner: 'Tổ trưởng ca',
            deadlineDays: 14,
            cost: 0,
            status: 'planned',
          },
        ],
      },
      { code: 'MN-NN-03', answer: 'present', likelihood: 3, severity: 2, controls: 'Máy rang đặt trên đệm cao su' },
      { code: 'MN-NN-05', answer: 'notApplicable' },
      { code: 'MN-NN-10', answer: 'present', likelihood: 4, severity: 2, controls: 'Xe đẩy tay tại kho' },
      {
        code: 'MN-CH-01',
        answer: 'present',
        likelihood: 2,
        severity: 5,
        controls: 'Nội quy PCCC, 6 bình chữa cháy',
        measures: [
          {
            description: 'Diễn tập PCCC tại xưởng',
            owner: 'Đội PCCC cơ sở',
            deadlineDays: 60,
            cost: 3_000_000,
            status: 'planned',
          },
        ],
      },
      { code: 'MN-CH-03', answer: 'absent' },
      {
        own: { name: 'Kẹt tay khi thay cuộn màng máy đóng gói tự động', group: 'mechanical' },
        answer: 'present',
        likelihood: 2,
        severity: 3,
        controls: 'Chỉ thợ máy thay cuộn màng',
      },
    ],
  },
  {
    employer: '5807654320',
    title: 'Đánh giá rủi ro nhà kính trồng hoa Langbiang',
    workArea: 'Khu nhà kính trồng hoa và sơ chế',
    sector: 'agriculture',
    assessors: 'Võ Đức Thịnh (Giám đốc), Phạm Thị Lan (cán bộ an toàn)',
    workerCount: 38,
    monthsAgo: 13,
    complete: true,
    hazards: [
      {
        code: 'MN-NN-05',
        answer: 'present',
        likelihood: 4,
        severity: 4,
        controls: 'Có kho thuốc riêng; thiếu quần áo bảo hộ',
        measures: [
          {
            description: 'Trang bị bộ quần áo, mặt nạ phun thuốc cho tổ phun',
            owner: 'Phạm Thị Lan',
            deadlineDays: -300,
            cost: 12_000_000,
            status: 'done',
          },
        ],
      },
      {
        code: 'MN-NN-06',
        answer: 'present',
        likelihood: 3,
        severity: 3,
        controls: 'Quạt thông gió',
        measures: [
          {
            description: 'Lắp lưới cắt nắng cho 4 nhà kính phía đông',
            owner: 'Tổ kỹ thuật',
            deadlineDays: -120,
            cost: 45_000_000,
            status: 'planned',
          },
        ],
      },
      { code: 'MN-NN-09', answer: 'present', likelihood: 2, severity: 2, controls: 'Ủng cao cổ' },
      { code: 'MN-NN-01', answer: 'notApplicable' },
    ],
  },
  {
    employer: '5801234577',
    title: 'Đánh giá rủi ro kho nguyên liệu cà phê nhân',
    workArea: 'Kho nguyên liệu và sân phơi',
    sector: 'agriculture',
    assessors: 'Lê Thị Hồng',
    workerCount: 9,
    monthsAgo: 0,
    complete: false,
    hazards: [
      { code: 'MN-NN-10', answer: 'present', likelihood: 4, severity: 3 },
      { code: 'MN-NN-09', answer: 'unanswered' },
      { code: 'MN-NN-06', answer: 'unanswered' },
    ],
  },
];

/**
 * Demo assessments, through the same operations as an employer's: the coffee company's roasting hall (completed two
 * months ago, one measure overdue), its raw-material store (a draft being done), and the flower company's
 * greenhouses (completed thirteen months ago: due again). Dates from the seeding day. Written once (a marker).
 */
export const riskAssessmentDemoStep: SeedStep = {
  name: 'risk assessment: demo assessments of the demo employers',
  kind: 'demo',
  order: 240,
  async run({ db, log }) {
    const done = await db.selectFrom('app_setting').select('key').where('key', '=', MARKER).executeTakeFirst();
    if (done) return;
    const today = clock.today();
    const created = await db.transaction().execute(async (trx) => {
      const ctx = system(trx);
      let count = 0;
      for (const demo of DEMO) {
        const business = (
          await sql<{
            id: string;
          }>`select id from business where code = ${demo.employer} and deleted_at is null limit 1`.execute(trx)
        ).rows[0];
        if (!business) continue;
        const assessedOn = addMonths(today, -demo.monthsAgo);
        const a = await catalogOperations('riskAssessment').create(ctx, {
          title: demo.title,
          businessId: business.id,
          workArea: demo.workArea,
          sector: demo.sector,
          assessedOn,
          assessors: demo.assessors,
          workerCount: demo.workerCount,
        });
        const codes = demo.hazards.flatMap((h) => (h.code ? [h.code] : []));
        const library = await sql<{ id: string; code: string }>`select id, code from hazard
          where code = any(${codes}::text[]) and deleted_at is null`.execute(trx);
        const idByCode = new Map(library.rows.map((r) => [r.code, r.id]));
        await addHazards(ctx, a.id, {
          hazardIds: codes.flatMap((c) => (idByCode.has(c) ? [idByCode.get(c)!] : [])),
          own: demo.hazards.flatMap((h) => (h.own ? [h.own] : [])),
        });
        const rows = await sql<{
          id: string;
          hazardId: string | null;
          name: string;
        }>`select id, hazard_id as "hazardId", name
          from risk_assessment_hazard where assessment_id = ${a.id}::uuid`.execute(trx);
        for (const h of demo.hazards) {
          const row = rows.rows.find((r) => (h.code ? r.hazardId === idByCode.get(h.code) : r.name === h.own?.name));
          if (!row || h.answer === 'unanswered') continue;
          await answerHazard(ctx, row.id, {
            answer: h.answer,
            currentControls: h.controls ?? null,
            likelihood: h.likelihood ?? null,
            severity: h.severity ?? null,
          });
          for (const m of h.measures ?? [])
            await addMeasure(ctx, row.id, {
              description: m.description,
              owner: m.owner,
              deadline: addDays(today, m.deadlineDays),
              cost: m.cost,
              status: m.status,
              doneOn: m.status === 'done' ? addDays(today, Math.min(m.deadlineDays, 0) - 1) : null,
            });
        }
        if (demo.complete) {
          await completeAssessment(ctx, a.id);
          // Completed a week after the walk-through, as the demo's story has it.
          await sql`update risk_assessment set completed_on = least(${addDays(assessedOn, 7)}::date, ${today}::date)
            where id = ${a.id}::uuid`.execute(trx);
        }
        count += 1;
      }
      await refreshReviewDue(trx, today);
      await sql`insert into app_setting (key, value) values (${MARKER}, ${JSON.stringify({ assessments: count })}::jsonb)`.execute(
        trx,
      );
      return count;
    });
    log.info({ assessments: created }, 'demo risk assessments seeded');
  },
};
