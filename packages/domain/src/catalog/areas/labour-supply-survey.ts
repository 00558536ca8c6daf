import { defineCatalog, field } from '../define.ts';
import { EDUCATION_LEVELS } from '../../statistics/values.ts';

/**
 * The labour-supply collection ("thu thập thông tin cung lao động", Employment Law 74/2025 on labour-market
 * information): by commune, quarter and occupation, how many people of working age look for work, are out of
 * work, and want training. Each commune collects its own; imported from the survey sheets.
 */
export default defineCatalog({
  key: 'labourSupplySurvey',
  area: 'LabourSupplySurvey',
  plural: 'labourSupplySurveys',
  table: 'labour_supply_survey',
  scope: 'district',
  scopeField: 'adminUnitId',
  texts: 'employment:areas.labourSupplySurvey',
  fields: {
    code: field.code(),
    year: field.year({ required: true }),
    quarter: field.number({ integer: true, min: 1, max: 4, required: true, grouping: false }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true, width: 30 }),
    occupationId: field.reference({ target: 'typeOfProfession', required: true, width: 32 }),
    educationLevel: field.enum({ options: EDUCATION_LEVELS, optionLabels: 'workers:educationLevels' }),
    seeking: field.number({ integer: true, min: 0, max: 1_000_000, required: true }),
    unemployed: field.number({ integer: true, min: 0, max: 1_000_000 }),
    wantingTraining: field.number({ integer: true, min: 0, max: 1_000_000 }),
    collectedOn: field.date(),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'], cell: ['year', 'quarter', 'adminUnitId', 'occupationId', 'educationLevel'] },
  list: {
    columns: ['code', 'year', 'quarter', 'adminUnitId', 'occupationId', 'seeking', 'unemployed', 'wantingTraining'],
    defaultSort: { field: 'year', order: 'desc' },
  },
  filters: ['year', 'quarter', 'adminUnitId', 'occupationId'],
  search: ['code'],
  paths: { combobox: ['combobox'] },
  routes: { base: '/thu-thap-du-lieu/cung-lao-dong', detail: false },
  menu: { group: 'employment', order: 60 },
});
