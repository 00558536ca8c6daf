import { citizenIdField } from '../../workers/citizen-id.ts';
import { defineCatalog, field } from '../define.ts';
import { JOB_LOSS_REASONS, SEXES, UNEMPLOYED_STATUSES } from '../../workers/constants.ts';

/**
 * Unemployed workers ("người lao động thất nghiệp") registered where they live: each commune keeps those of
 * its own wards; the department and the employment service centre see the province.
 */
export default defineCatalog({
  key: 'unemploymentWorker',
  area: 'UnemploymentWorker',
  plural: 'unemploymentWorkers',
  table: 'unemployment_worker',
  scope: 'district',
  scopeField: 'adminUnitId',
  texts: 'workers:areas.unemploymentWorker',
  fields: {
    code: field.code(),
    fullName: field.name({ max: 200, width: 28 }),
    citizenId: citizenIdField({ required: true }),
    birthDate: field.date(),
    sex: field.enum({ options: SEXES, optionLabels: 'workers:sexes' }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    address: field.text({ max: 500, width: 36 }),
    phone: field.text({ max: 20 }),
    lastEmployer: field.text({ max: 500, width: 32 }),
    jobLostDate: field.date(),
    reason: field.enum({ options: JOB_LOSS_REASONS, optionLabels: 'workers:jobLossReasons' }),
    registeredDate: field.date(),
    status: field.enum({ options: UNEMPLOYED_STATUSES, required: true, optionLabels: 'workers:unemployedStatuses' }),
    note: field.longText(),
  },
  titleField: 'fullName',
  codeField: 'code',
  unique: { code: ['code'], citizenId: ['citizenId'] },
  list: {
    columns: ['code', 'fullName', 'citizenId', 'birthDate', 'adminUnitId', 'jobLostDate', 'status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  filters: ['adminUnitId', 'sex', 'reason', 'status', 'jobLostDate'],
  search: ['code', 'fullName', 'citizenId'],
  paths: { delete: 'delete-unemployment-worker', combobox: ['combobox'] },
  routes: { base: '/nguoi-lao-dong/nguoi-lao-dong-that-nghiep', detail: false },
  menu: { group: 'workers', order: 70 },
});
