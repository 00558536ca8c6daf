import { defineCatalog, field } from '../define.ts';
import { LIMIT_FACTORS } from '../../monitoring/factors.ts';

/**
 * National technical regulations on the working environment (QCVN …/BYT): number, issuing circular, in force
 * from, replaced by. Their limits are rows of `MenuObservationMonitor`.
 */
export default defineCatalog({
  key: 'monitoringRegulation',
  area: 'NationalStandard',
  plural: 'nationalStandards',
  table: 'monitoring_regulation',
  scope: 'global',
  texts: 'monitoring:areas.monitoringRegulation',
  fields: {
    code: field.code(),
    number: field.text({ max: 100, required: true, width: 20 }),
    name: field.name({ max: 500 }),
    factor: field.enum({ options: LIMIT_FACTORS, required: true, optionLabels: 'monitoring:limitFactors' }),
    circular: field.text({ max: 255, required: true, width: 28 }),
    issuedOn: field.date(),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    replacedById: field.reference({ target: 'monitoringRegulation' }),
    verified: field.boolean(),
    source: field.longText(),
  },
  titleField: 'number',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'number', 'name', 'factor', 'circular', 'validFrom', 'validTo', 'replacedById', 'verified'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['factor', 'verified', 'validFrom'],
  search: ['code', 'number', 'name', 'circular'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/quy-chuan-quoc-gia/van-ban', detail: false },
  menu: { group: 'safety', order: 62 },
});
