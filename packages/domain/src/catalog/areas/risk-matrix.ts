import { defineCatalog, field } from '../define.ts';
import { RISK_LEVELS } from '../../risk-assessment/rules.ts';

/**
 * The risk matrix (ma trận rủi ro): which scores (likelihood × severity, 1–25) make each level, one row per level
 * and period, so a hazard is rated by the bands in force on its assessment's date and the department corrects the
 * bands without a release.
 */
export default defineCatalog({
  key: 'riskMatrix',
  area: 'RiskMatrix',
  plural: 'riskMatrices',
  table: 'risk_matrix',
  scope: 'global',
  texts: 'riskAssessment:areas.riskMatrix',
  fields: {
    code: field.code(),
    level: field.enum({ options: RISK_LEVELS, required: true, optionLabels: 'riskAssessment:levels' }),
    minScore: field.number({ integer: true, min: 1, max: 25, required: true }),
    maxScore: field.number({ integer: true, min: 1, max: 25, required: true }),
    response: field.text({ max: 500, width: 40 }),
    legalBasis: field.text({ max: 500, required: true, width: 30 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    verified: field.boolean(),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'level', 'minScore', 'maxScore', 'response', 'validFrom', 'validTo', 'verified'],
    defaultSort: { field: 'minScore', order: 'asc' },
  },
  filters: ['level', 'verified'],
  search: ['code', 'legalBasis'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/ma-tran-rui-ro' },
  menu: { group: 'safety', order: 42 },
});
