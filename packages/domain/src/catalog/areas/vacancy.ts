import { defineCatalog, field } from '../define.ts';
import type { FieldCheck } from '../types.ts';
import { EDUCATION_LEVELS } from '../../statistics/values.ts';
import { CONTRACT_KINDS, VACANCY_STATUSES } from '../../employment/constants.ts';

const payRange: FieldCheck = {
  with: ['payFrom'],
  rule: (value, record) =>
    typeof record.payFrom === 'number' && typeof value === 'number' && value < record.payFrom
      ? 'employment:validation.payRange'
      : null,
};

const closesAfterPosting: FieldCheck = {
  with: ['postedDate'],
  rule: (value, record) =>
    typeof record.postedDate === 'string' && typeof value === 'string' && value < record.postedDate
      ? 'employment:validation.closingBeforePosted'
      : null,
};

/**
 * Employers' recruitment demand ("nhu cầu tuyển dụng"): posted by the employer, or entered by the service centre
 * for it. Each employer keeps its own; the centre and the department see the province. Open vacancies are
 * matched against job seekers and shown on the public board without any personal data.
 */
export default defineCatalog({
  key: 'vacancy',
  area: 'Vacancy',
  plural: 'vacancies',
  table: 'vacancy',
  scope: 'employer',
  texts: 'employment:areas.vacancy',
  fields: {
    code: field.code(),
    title: field.name({ max: 300 }),
    businessId: field.employer({ required: true }),
    occupationId: field.reference({ target: 'typeOfProfession', required: true, width: 32 }),
    quantity: field.number({ integer: true, min: 1, max: 10_000, required: true }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    payFrom: field.number({ integer: true, min: 0, max: 1_000_000_000 }),
    payTo: field.number({ integer: true, min: 0, max: 1_000_000_000, check: payRange }),
    contractKind: field.enum({ options: CONTRACT_KINDS, optionLabels: 'employment:contractKinds' }),
    educationLevel: field.enum({ options: EDUCATION_LEVELS, optionLabels: 'workers:educationLevels' }),
    skills: field.text({ max: 500, width: 36 }),
    requirements: field.longText(),
    postedDate: field.date({ required: true }),
    closingDate: field.date({ required: true, check: closesAfterPosting }),
    status: field.enum({ options: VACANCY_STATUSES, default: 'open', optionLabels: 'employment:vacancyStatuses' }),
    note: field.longText(),
  },
  titleField: 'title',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'title', 'businessId', 'occupationId', 'quantity', 'postedDate', 'closingDate', 'status'],
    defaultSort: { field: 'postedDate', order: 'desc' },
    countLimit: 100_000,
  },
  filters: ['businessId', 'occupationId', 'adminUnitId', 'contractKind', 'status', 'closingDate'],
  search: ['code', 'title'],
  // Matching and the public board read the open vacancies, by occupation and then by commune.
  indexes: { open: { fields: ['occupationId', 'adminUnitId'], where: { status: 'open' } } },
  paths: { combobox: ['combobox'] },
  routes: { base: '/dich-vu-viec-lam/nhu-cau-tuyen-dung', detail: false },
  menu: { group: 'employment', order: 20 },
});
