import { citizenIdField } from '../../workers/citizen-id.ts';
import { defineCatalog, field } from '../define.ts';
import { JOB_TRAINING_RESULTS, SEXES } from '../../workers/constants.ts';

/**
 * Vocational training supported for unemployed workers ("hỗ trợ học nghề", Employment Law 2013 art. 55): the
 * trainee, the occupation and the school, the course dates and the support paid. Kept where the worker lives.
 */
export default defineCatalog({
  key: 'jobTraining',
  area: 'JobTraining',
  plural: 'jobTrainings',
  table: 'job_training',
  scope: 'district',
  scopeField: 'adminUnitId',
  texts: 'workers:areas.jobTraining',
  fields: {
    code: field.code(),
    fullName: field.name({ max: 200, width: 28 }),
    citizenId: citizenIdField({ required: true }),
    birthDate: field.date(),
    sex: field.enum({ options: SEXES, optionLabels: 'workers:sexes' }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    occupationId: field.reference({ target: 'typeOfProfession' }),
    institution: field.text({ max: 500, width: 32 }),
    courseFrom: field.date({ required: true }),
    courseTo: field.date(),
    supportAmount: field.number({ integer: true, min: 0, max: 100_000_000 }),
    result: field.enum({ options: JOB_TRAINING_RESULTS, required: true, optionLabels: 'workers:jobTrainingResults' }),
    note: field.longText(),
  },
  titleField: 'fullName',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'fullName', 'citizenId', 'occupationId', 'institution', 'courseFrom', 'courseTo', 'result'],
    defaultSort: { field: 'courseFrom', order: 'desc' },
  },
  filters: ['adminUnitId', 'occupationId', 'result', 'courseFrom'],
  search: ['code', 'fullName', 'citizenId'],
  paths: { update: 'jobTrainings', template: 'generate-template', combobox: ['combobox'] },
  routes: { base: '/dich-vu-viec-lam/dao-tao-nghe', detail: false },
  menu: { group: 'employment', order: 50 },
});
