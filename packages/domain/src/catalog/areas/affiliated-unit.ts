import { defineCatalog, field } from '../define.ts';

/** Affiliated units ("đơn vị kết nối"): bodies that exchange data with the portal (social insurance, statistics, …). */
export default defineCatalog({
  key: 'affiliatedUnit',
  area: 'AffiliatedUnit',
  plural: 'affiliatedUnits',
  table: 'affiliated_unit',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    representative: field.text({ max: 255 }),
    phone: field.text({ max: 30 }),
    email: field.text({ max: 255 }),
    address: field.text({ max: 500, width: 40 }),
    active: field.boolean(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: {
    columns: ['code', 'name', 'representative', 'phone', 'email', 'active'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  filters: ['active'],
  search: ['code', 'name'],
  paths: { delete: 'delete-affiliated-unit', combobox: ['get-combobox-affiliated-unit'] },
  routes: { base: '/don-vi-ket-noi', import: 'them-tu-file' },
  menu: { group: 'links', order: 10 },
});
