import type { z } from 'zod';
import { defineCatalog, field } from '../define.ts';
import type { FieldCheck } from '../types.ts';
import { COUNSELLING_CHANNELS, JOB_SEARCH_OUTCOMES } from '../../employment/constants.ts';

const notBeforeMonth: FieldCheck = {
  with: ['month'],
  rule: (value, record) =>
    typeof value === 'string' && typeof record.month === 'string' && value < record.month
      ? 'employment:validation.declaredBeforeMonth'
      : null,
};

/**
 * The monthly job-search declarations of people drawing unemployment benefit ("thông báo về việc tìm kiếm việc
 * làm hằng tháng", Law on Employment 2013 Art 52; Decree 28/2015 Art 10): each month of the benefit, the claimant
 * tells the service centre where they looked for work. Kept where the claimant lives, with the benefit decision
 * it belongs to; the claimant's declarations open from the benefit's row.
 */
export default defineCatalog({
  key: 'jobSearchDeclaration',
  area: 'JobSearchDeclaration',
  plural: 'jobSearchDeclarations',
  table: 'job_search_declaration',
  scope: 'district',
  scopeField: 'adminUnitId',
  texts: 'employment:areas.jobSearchDeclaration',
  fields: {
    code: field.code(),
    benefitId: field.reference({ target: 'unemploymentInsurance', required: true, width: 32 }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    // The month declared, as YYYY-MM.
    month: field.text({
      max: 7,
      required: true,
      refine: (s) => (s as z.ZodString).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'employment:validation.yearMonth' }),
      sample: (_tag, n) => `2000-${String(1 + (n % 12)).padStart(2, '0')}`,
    }),
    declaredOn: field.date({ required: true, check: notBeforeMonth }),
    channel: field.enum({ options: COUNSELLING_CHANNELS, default: 'inPerson', optionLabels: 'employment:channels' }),
    employersContacted: field.number({ integer: true, min: 0, max: 100 }),
    jobsApplied: field.text({ max: 500, width: 36 }),
    outcome: field.enum({ options: JOB_SEARCH_OUTCOMES, required: true, optionLabels: 'employment:jobSearchOutcomes' }),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'], month: ['benefitId', 'month'] },
  list: {
    columns: ['code', 'benefitId', 'month', 'declaredOn', 'channel', 'employersContacted', 'outcome'],
    defaultSort: { field: 'month', order: 'desc' },
  },
  filters: ['benefitId', 'adminUnitId', 'outcome', 'month'],
  search: ['code', 'jobsApplied'],
  routes: { base: '/dich-vu-viec-lam/thong-bao-tim-viec', detail: false },
  menu: { group: 'employment', order: 42 },
});
