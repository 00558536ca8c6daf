import { citizenIdField } from '../../workers/citizen-id.ts';
import { defineCatalog, field } from '../define.ts';
import { BENEFIT_STATUSES, SEXES } from '../../workers/constants.ts';

/**
 * Unemployment insurance benefit decisions ("trợ cấp thất nghiệp", Employment Law 2013 art. 49–50): who, from
 * when, for how many months and how much a month. Kept where the worker lives (a commune sees its wards); the
 * employment service centre and the department see the province.
 */
export default defineCatalog({
  key: 'unemploymentInsurance',
  area: 'UnemploymentInsurance',
  plural: 'unemploymentInsurances',
  table: 'unemployment_insurance',
  scope: 'district',
  scopeField: 'adminUnitId',
  texts: 'workers:areas.unemploymentInsurance',
  fields: {
    code: field.code(),
    fullName: field.name({ max: 200, width: 28 }),
    citizenId: citizenIdField({ required: true }),
    birthDate: field.date(),
    sex: field.enum({ options: SEXES, optionLabels: 'workers:sexes' }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    lastEmployer: field.text({ max: 500, width: 32 }),
    contributionMonths: field.number({ integer: true, min: 12, max: 600 }),
    // A sanity bound only: the legal maximum (12 months today) is reference data the workers module checks on
    // the decision date (LegalDeadline rule `unemployment.benefitMonths.max`).
    benefitMonths: field.number({ integer: true, min: 3, max: 60, required: true }),
    monthlyAmount: field.number({ integer: true, min: 0, max: 100_000_000, required: true }),
    decisionDate: field.date({ required: true }),
    startDate: field.date({ required: true }),
    endDate: field.date(),
    status: field.enum({ options: BENEFIT_STATUSES, required: true, optionLabels: 'workers:benefitStatuses' }),
    note: field.longText(),
  },
  titleField: 'fullName',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'fullName',
      'citizenId',
      'adminUnitId',
      'decisionDate',
      'benefitMonths',
      'monthlyAmount',
      'status',
    ],
    defaultSort: { field: 'decisionDate', order: 'desc' },
  },
  filters: ['adminUnitId', 'status', 'decisionDate'],
  search: ['code', 'fullName', 'citizenId'],
  paths: {
    update: 'unemploymentInsurances',
    delete: 'delete-unemployment-insurances',
    template: 'generate-template',
    import: 'import-unemployment-insurance-from-json',
    combobox: ['combobox'],
  },
  routes: { base: '/dich-vu-viec-lam/bao-hiem-that-nghiep', detail: false },
  menu: { group: 'employment', order: 40 },
});
