import { defineCatalog, field } from '../define.ts';

/**
 * Time limits the law sets (days to declare a machine, working days to answer a declaration, …), kept as data
 * with their legal basis and validity dates, so the department corrects them without a release and a record is
 * judged by the limit in force on its own date. Several rows may share a `rule`, one per period of validity.
 */
export default defineCatalog({
  key: 'legalDeadline',
  area: 'LegalDeadline',
  plural: 'legalDeadlines',
  table: 'legal_deadline',
  scope: 'global',
  fields: {
    code: field.code(),
    rule: field.text({ max: 80, code: true, required: true, width: 32 }),
    name: field.name({ max: 500 }),
    amount: field.number({ integer: true, min: 0, max: 3650, required: true }),
    unit: field.enum({ options: ['days', 'workingDays', 'months'], required: true }),
    legalBasis: field.text({ max: 500, required: true, width: 40 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    verified: field.boolean(),
    note: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  // Rows read by what the limit is about: the code and the rule are identifiers (the form shows them).
  list: {
    columns: ['name', 'amount', 'unit', 'legalBasis', 'validFrom', 'validTo', 'verified'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  filters: ['rule', 'unit', 'verified'],
  search: ['code', 'name', 'legalBasis'],
  routes: { base: '/danh-muc/thoi-han-theo-quy-dinh' },
  menu: { group: 'safety', order: 90 },
});
