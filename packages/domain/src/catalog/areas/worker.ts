import { citizenIdField } from '../../workers/citizen-id.ts';
import { defineCatalog, field } from '../define.ts';
import type { FieldCheck } from '../types.ts';
import { NATIONALITIES, SEXES, WORKING_FORMS } from '../../workers/constants.ts';
import { ABROAD_STATUSES, EDUCATION_LEVELS, INCOME_BANDS } from '../../statistics/values.ts';

/** Working abroad under a contract now, or back from it: the country it was in is required. */
const abroadCountryCheck: FieldCheck = {
  with: ['abroadStatus'],
  empty: true,
  rule: (value, record) =>
    value == null && (record.abroadStatus === 'abroad' || record.abroadStatus === 'returned')
      ? 'workers:validation.abroadCountryRequired'
      : null,
};

/**
 * Workers ("người lao động") of the province's employers, foreigners included. One record per person: the
 * citizen ID (CCCD; a foreigner's passport) is unique across employers, so importing the same person twice
 * updates the record, and a person another employer already declared is a conflict, never a second record. Employer users keep their own workers; the department
 * (and a commune for the employers in it) files them for the employer it chooses.
 */
export default defineCatalog({
  key: 'worker',
  area: 'Worker',
  plural: 'workers',
  table: 'worker',
  scope: 'employer',
  texts: 'workers:areas.worker',
  fields: {
    fullName: field.name({ max: 200, width: 28 }),
    // Vietnamese citizens: the citizen ID; foreigners: their passport (hooks require the one that applies).
    citizenId: citizenIdField(),
    passportNumber: field.text({ max: 20, code: true, width: 14 }),
    birthDate: field.date({ required: true }),
    sex: field.enum({ options: SEXES, required: true, optionLabels: 'workers:sexes' }),
    nationality: field.enum({ options: NATIONALITIES, optionLabels: 'workers:countries' }),
    businessId: field.employer({ required: true }),
    occupationId: field.reference({ target: 'typeOfProfession' }),
    positionId: field.reference({ target: 'position' }),
    contractTypeId: field.reference({ target: 'workerContractType' }),
    workingForm: field.enum({ options: WORKING_FORMS, optionLabels: 'workers:workingForms' }),
    healthClassId: field.reference({ target: 'classifyHealth' }),
    targetTrainingId: field.reference({ target: 'targetTraining' }),
    startDate: field.date(),
    endDate: field.date(),
    // What the province's statistics count (education, income, insurance, work abroad).
    educationLevel: field.enum({ options: EDUCATION_LEVELS, optionLabels: 'workers:educationLevels' }),
    incomeBand: field.enum({ options: INCOME_BANDS, optionLabels: 'workers:incomeBands', width: 16 }),
    socialInsurance: field.boolean(),
    healthInsurance: field.boolean(),
    abroadStatus: field.enum({
      options: ABROAD_STATUSES,
      optionLabels: 'workers:abroadStatuses',
      default: 'none',
      width: 28,
    }),
    abroadCountry: field.text({ max: 100, width: 20, check: abroadCountryCheck }),
    phone: field.text({ max: 20, width: 14 }),
    address: field.text({ max: 500, width: 36 }),
  },
  titleField: 'fullName',
  codeField: 'citizenId',
  unique: { citizenId: ['citizenId'], passport: ['passportNumber'] },
  globalUnique: ['citizenId', 'passport'],
  list: {
    columns: [
      'fullName',
      'citizenId',
      'birthDate',
      'sex',
      'businessId',
      'occupationId',
      'positionId',
      'contractTypeId',
      'startDate',
      // Folded first on a narrow screen (the last column goes first).
      'educationLevel',
    ],
    defaultSort: { field: 'createdAt', order: 'desc' },
    // A province has a million workers: counting every match of a name would cost more than the page itself.
    countLimit: 10_000,
  },
  filters: [
    'businessId',
    'sex',
    'nationality',
    'occupationId',
    'contractTypeId',
    'workingForm',
    'healthClassId',
    'targetTrainingId',
    'startDate',
  ],
  search: ['fullName', 'citizenId', 'passportNumber', 'abroadCountry'],
  paths: {
    update: 'workers',
    delete: 'delete-worker',
    // The spec's worker drop-downs (get-combobox-worker, …-not-register) take bussinessId: served by the module.
    combobox: ['combobox'],
  },
  // A worker's page adds the progress of their employment and their overtime (modules/workers in the web app).
  routes: { base: '/nguoi-lao-dong', detail: false, own: ['edit'] },
  views: [
    { key: 'employer', routes: { base: '/nguoi-lao-dong', detail: false }, fixed: {}, menu: { order: 10 } },
    {
      key: 'department',
      routes: {
        base: '/nguoi-lao-dong',
        list: 'danh-sach-so',
        create: 'them-moi',
        edit: 'chinh-sua-so/{id}',
        import: 'them-tu-file',
        detail: false,
      },
      fixed: {},
      menu: { order: 20 },
    },
  ],
  menu: { group: 'workers', order: 10 },
});
