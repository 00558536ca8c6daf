import { citizenIdField } from '../../workers/citizen-id.ts';
import { defineCatalog, field } from '../define.ts';
import { SEXES } from '../../workers/constants.ts';
import { EDUCATION_LEVELS } from '../../statistics/values.ts';
import { SEEKER_STATUSES } from '../../employment/constants.ts';

/**
 * Job seekers registered with the employment service centre ("đăng ký tìm việc", Employment Law 74/2025; Decree
 * 23/2021 Art 13): one record per person (the citizen ID), kept where the person lives, so a commune sees its
 * own wards and the centre and the department the province. What they look for (occupation, pay, when) is what
 * matching reads; whether employers may see the profile is the person's consent.
 */
export default defineCatalog({
  key: 'jobSeeker',
  area: 'JobSeeker',
  plural: 'jobSeekers',
  table: 'job_seeker',
  scope: 'district',
  scopeField: 'adminUnitId',
  texts: 'employment:areas.jobSeeker',
  fields: {
    code: field.code(),
    fullName: field.name({ max: 200, width: 28 }),
    citizenId: citizenIdField({ required: true }),
    birthDate: field.date(),
    sex: field.enum({ options: SEXES, optionLabels: 'workers:sexes' }),
    phone: field.text({ max: 20 }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    occupationId: field.reference({ target: 'typeOfProfession', required: true, width: 32 }),
    educationLevel: field.enum({ options: EDUCATION_LEVELS, optionLabels: 'workers:educationLevels' }),
    skills: field.text({ max: 500, width: 36 }),
    experienceYears: field.number({ min: 0, max: 60 }),
    desiredPay: field.number({ integer: true, min: 0, max: 1_000_000_000 }),
    availableFrom: field.date(),
    registeredDate: field.date({ required: true }),
    consentToShare: field.boolean(),
    /** Draws unemployment benefit (a decision approved or paying for the same citizen ID): kept by the hooks. */
    claimant: field.boolean({ readOnly: true }),
    status: field.enum({ options: SEEKER_STATUSES, default: 'seeking', optionLabels: 'employment:seekerStatuses' }),
    note: field.longText(),
  },
  titleField: 'fullName',
  codeField: 'code',
  unique: { code: ['code'], citizenId: ['citizenId'] },
  list: {
    columns: ['code', 'fullName', 'occupationId', 'adminUnitId', 'educationLevel', 'registeredDate', 'status'],
    defaultSort: { field: 'registeredDate', order: 'desc' },
    countLimit: 100_000,
  },
  filters: ['adminUnitId', 'occupationId', 'educationLevel', 'status', 'consentToShare', 'claimant', 'registeredDate'],
  search: ['code', 'fullName', 'citizenId'],
  // Matching reads the seekers still looking, by occupation and then by commune.
  indexes: { seeking: { fields: ['occupationId', 'adminUnitId'], where: { status: 'seeking' } } },
  paths: { combobox: ['combobox'] },
  routes: { base: '/dich-vu-viec-lam/dang-ky-tim-viec', detail: false },
  menu: { group: 'employment', order: 10 },
});
