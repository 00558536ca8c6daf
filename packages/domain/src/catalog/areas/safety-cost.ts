import { defineCatalog, field } from '../define.ts';
import { SAFETY_COST_ITEMS } from '../../safety/costs.ts';

/**
 * An employer's OSH costs ("chi phí an toàn, vệ sinh lao động") of a year by item — technical measures, personal
 * protective equipment, training, health checks, monitoring, compensation in kind, insurance, accidents — one
 * amount per employer, year and item, for the yearly OSH report.
 */
export default defineCatalog({
  key: 'safetyCost',
  area: 'SafetyCost',
  plural: 'safetyCosts',
  table: 'safety_cost',
  scope: 'employer',
  fields: {
    code: field.code(),
    // Forced to an employer user's own; the department and communes choose it (required by the module's hook).
    businessId: field.employer(),
    year: field.year({ required: true }),
    item: field.enum({ options: SAFETY_COST_ITEMS, required: true }),
    amount: field.number({ integer: true, min: 0, max: 1_000_000_000_000_000, required: true }),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  // One amount per item and year of an employer (unique keys of an employer area hold per employer).
  unique: { code: ['code'], item: ['item', 'year'] },
  list: {
    columns: ['code', 'businessId', 'year', 'item', 'amount'],
    defaultSort: { field: 'year', order: 'desc' },
    countLimit: 10_000,
  },
  filters: ['businessId', 'year', 'item'],
  search: ['code', 'note'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/chi-phi-atvsld' },
  menu: { group: 'safety', order: 67 },
});
