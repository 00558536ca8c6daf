import { defineCatalog, field } from '../define.ts';

/**
 * The recruitment-demand collection ("thu thập thông tin cầu lao động"): by commune, quarter and occupation, the
 * places employers want to fill and those they find hard to fill, from the employers surveyed. Each commune
 * collects its own; imported from the survey sheets.
 */
export default defineCatalog({
  key: 'recruitmentDemandSurvey',
  area: 'RecruitmentDemandSurvey',
  plural: 'recruitmentDemandSurveys',
  table: 'recruitment_demand_survey',
  scope: 'district',
  scopeField: 'adminUnitId',
  texts: 'employment:areas.recruitmentDemandSurvey',
  fields: {
    code: field.code(),
    year: field.year({ required: true }),
    quarter: field.number({ integer: true, min: 1, max: 4, required: true, grouping: false }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    employerId: field.reference({ target: 'bussiness', width: 32 }),
    occupationId: field.reference({ target: 'typeOfProfession', required: true, width: 32 }),
    wanted: field.number({ integer: true, min: 0, max: 1_000_000, required: true }),
    hardToFill: field.number({ integer: true, min: 0, max: 1_000_000 }),
    collectedOn: field.date(),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'year', 'quarter', 'adminUnitId', 'employerId', 'occupationId', 'wanted', 'hardToFill'],
    defaultSort: { field: 'year', order: 'desc' },
  },
  filters: ['year', 'quarter', 'adminUnitId', 'occupationId', 'employerId'],
  search: ['code'],
  paths: { combobox: ['combobox'] },
  routes: { base: '/thu-thap-du-lieu/cau-lao-dong', detail: false },
  menu: { group: 'employment', order: 70 },
});
