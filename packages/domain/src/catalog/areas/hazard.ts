import { defineCatalog, field } from '../define.ts';
import { HAZARD_GROUPS, HAZARD_SECTORS } from '../../risk-assessment/rules.ts';

/**
 * The hazard library (danh mục mối nguy) an employer's risk assessment starts from, as OiRA's sector tools do:
 * each hazard with its sector (`general`: every sector), its group and the measures usually taken against it. The
 * department keeps it; employers read it and add hazards of their own to their assessments.
 */
export default defineCatalog({
  key: 'hazard',
  area: 'Hazard',
  plural: 'hazards',
  table: 'hazard',
  scope: 'global',
  texts: 'riskAssessment:areas.hazard',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    sector: field.enum({ options: HAZARD_SECTORS, required: true, optionLabels: 'riskAssessment:sectors' }),
    hazardGroup: field.enum({ options: HAZARD_GROUPS, required: true, optionLabels: 'riskAssessment:groups' }),
    description: field.longText(),
    suggestedMeasures: field.longText(),
    legalBasis: field.text({ max: 500, width: 30 }),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'sector', 'hazardGroup', 'legalBasis'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['sector', 'hazardGroup'],
  search: ['code', 'name'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/danh-muc-moi-nguy' },
  menu: { group: 'safety', order: 41 },
});
