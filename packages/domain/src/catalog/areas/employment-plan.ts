import { defineCatalog, field } from '../define.ts';

const target = () => field.number({ integer: true, min: 0, max: 10_000_000 });
/** Counted from the records of the plan's period when read (modules/employment), never typed. */
const done = () => field.number({ integer: true, readOnly: true });

/**
 * The employment service centre's plans ("kế hoạch"): a year's or a quarter's targets — job seekers registered,
 * people counselled, placements, job-exchange sessions — with the progress counted from the records of the period
 * whenever the plan is read.
 */
export default defineCatalog({
  key: 'employmentPlan',
  area: 'EmploymentPlan',
  plural: 'employmentPlans',
  table: 'employment_plan',
  scope: 'unit',
  scopeField: 'unitId',
  texts: 'employment:areas.employmentPlan',
  fields: {
    code: field.code(),
    title: field.name({ max: 300 }),
    unitId: field.reference({ target: 'unit', required: true, width: 36 }),
    year: field.year({ required: true }),
    quarter: field.number({ integer: true, min: 1, max: 4, grouping: false }),
    targetSeekers: target(),
    seekersDone: done(),
    targetCounselled: target(),
    counselledDone: done(),
    targetPlacements: target(),
    placementsDone: done(),
    targetSessions: target(),
    sessionsDone: done(),
    note: field.longText(),
  },
  titleField: 'title',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'title',
      'year',
      'quarter',
      'targetSeekers',
      'seekersDone',
      'targetCounselled',
      'counselledDone',
      'targetPlacements',
      'placementsDone',
    ],
    defaultSort: { field: 'year', order: 'desc' },
  },
  filters: ['unitId', 'year', 'quarter'],
  search: ['code', 'title'],
  paths: { combobox: ['combobox'] },
  routes: { base: '/dich-vu-viec-lam/ke-hoach', detail: false },
  menu: { group: 'employment', order: 80 },
});
