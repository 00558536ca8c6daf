import { REFRESHER_NOTICE_DEFAULT_DAYS, REFRESHER_NOTICE_RULE } from '@portal/domain/training/refresher';
import { seedCatalogRows } from '../../catalog/seed.ts';
import type { SeedStep } from '../../seed/step.ts';

/**
 * How long before a credential expires it counts as due for its refresher, and the employer is reminded: a time
 * limit the department sets and edits (LegalDeadline, its own list of limits with validity dates) rather than a
 * constant or a setting apart, so it is corrected like the other limits and a change applies from its date on.
 * Verified: it is the department's own rule, not a number read from the law.
 */
export const trainingRefresherReferenceStep: SeedStep = {
  name: 'training-refresher-reference',
  kind: 'reference',
  order: 120,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'training.seeded.refresher', {
      legalDeadline: [
        {
          code: 'HL-NHAC-30N',
          rule: REFRESHER_NOTICE_RULE,
          name: 'Nhắc huấn luyện định kỳ trước khi giấy chứng nhận, thẻ an toàn huấn luyện hết hạn',
          amount: REFRESHER_NOTICE_DEFAULT_DAYS,
          unit: 'days',
          legalBasis: 'Quy định của Sở (nhắc trước khi hết hạn)',
          validFrom: '2016-07-01',
          verified: true,
        },
      ],
    }),
};
