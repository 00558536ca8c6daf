import { defineCatalog, field } from '../define.ts';

/** Causes of workplace accidents ("nguyên nhân tai nạn lao động"), by whose fault, for accident declarations. */
export default defineCatalog({
  key: 'accidentReason',
  area: 'AccidentReason',
  plural: 'accidentReasons',
  table: 'accident_reason',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    party: field.enum({ options: ['employer', 'worker', 'other'], required: true }),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  optionOrder: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'party'], defaultSort: { field: 'code', order: 'asc' } },
  filters: ['party'],
  search: ['code', 'name'],
  paths: { combobox: ['get-combobox-accident-reason'] },
  routes: { base: '/an-toan-ve-sinh-lao-dong/nguyen-nhan-tai-nan' },
  menu: { group: 'safety', order: 70 },
});
