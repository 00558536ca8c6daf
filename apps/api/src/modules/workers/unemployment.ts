import type { Executor } from '../../catalog/context.ts';
import { seedCatalogRows } from '../../catalog/seed.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { deadlineInForce, type Deadline } from '../../platform/deadlines/index.ts';
import type { SeedStep } from '../../seed/step.ts';

/**
 * The longest unemployment benefit the law allows, kept as a LegalDeadline row (months) with its legal basis and
 * validity dates, so the department corrects it without a release (the Employment Law 2025 replaced the 2013 one)
 * and a decision is judged by the rule in force on its decision date.
 */
export const BENEFIT_MONTHS_RULE = 'unemployment.benefitMonths.max';

/**
 * The limit in force on `decisionDate`; null when no row covers that date (decisions before the Employment Law
 * 2013 took effect are kept as recorded: only the field's own bounds apply to them).
 */
export async function benefitMonthsLimit(db: Executor, decisionDate: string): Promise<Deadline | null> {
  try {
    return await deadlineInForce(db, BENEFIT_MONTHS_RULE, decisionDate);
  } catch (error) {
    if (error instanceof AppError && error.code === 'DEADLINE_MISSING') return null;
    throw error;
  }
}

/**
 * Employment Law 38/2013 Art 50.2 and Employment Law 74/2025 Art 39: 3 months of benefit for 12–36 months of
 * contributions, one more per further 12 months, 12 months at most.
 */
export const unemploymentReferenceStep: SeedStep = {
  name: 'workers: unemployment benefit limits',
  kind: 'reference',
  order: 152,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'workers.unemployment.seeded', {
      legalDeadline: [
        {
          code: 'TCTN-TOI-DA-2013',
          rule: BENEFIT_MONTHS_RULE,
          name: 'Thời gian hưởng trợ cấp thất nghiệp tối đa (Luật Việc làm 2013)',
          amount: 12,
          unit: 'months',
          legalBasis: 'Luật Việc làm số 38/2013/QH13, Điều 50 khoản 2',
          validFrom: '2015-01-01',
          validTo: '2025-12-31',
          verified: true,
        },
        {
          code: 'TCTN-TOI-DA-2025',
          rule: BENEFIT_MONTHS_RULE,
          name: 'Thời gian hưởng trợ cấp thất nghiệp tối đa (Luật Việc làm 2025)',
          amount: 12,
          unit: 'months',
          legalBasis: 'Luật Việc làm số 74/2025/QH15, Điều 39',
          validFrom: '2026-01-01',
          verified: true,
          note: 'Đóng đủ 12–36 tháng: 3 tháng trợ cấp; thêm mỗi 12 tháng đóng: thêm 1 tháng; tối đa 12 tháng.',
        },
      ],
    }),
};
