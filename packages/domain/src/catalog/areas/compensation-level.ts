import { defineCatalog, field } from '../define.ts';

/**
 * Levels of compensation in kind ("mức bồi dưỡng bằng hiện vật", Law 84/2015 Art 24; Circular
 * 24/2022/TT-BLĐTBXH): the value per shift of each level 1–4, kept as dated rows with their legal basis, so the
 * department corrects an amount, or adds the next one from its start date, without a release. A record of a year
 * is valued by the row of its level in force on 1 January of that year; `verified` says whether the amount has been
 * checked against the text.
 */
export default defineCatalog({
  key: 'compensationLevel',
  area: 'CompensationLevel',
  plural: 'compensationLevels',
  table: 'compensation_level',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    level: field.number({ integer: true, min: 1, max: 4, required: true }),
    amountPerShift: field.number({ integer: true, min: 1, max: 10_000_000, required: true }),
    legalBasis: field.text({ max: 500, required: true, width: 40 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    verified: field.boolean(),
    note: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'level', 'amountPerShift', 'legalBasis', 'validFrom', 'validTo', 'verified'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['level', 'validFrom', 'validTo', 'verified'],
  search: ['code', 'name', 'legalBasis'],
  routes: { base: '/danh-muc/muc-boi-duong-hien-vat' },
  menu: { group: 'safety', order: 91 },
});
