import { defineCatalog, field } from '../define.ts';

/**
 * Facility-type classifications ("phân loại loại hình cơ sở") that group the lines of a specialised accident
 * summary report: mines, vessels, aircraft operators, rail operators, … in the order they are printed.
 */
export default defineCatalog({
  key: 'facilityType',
  area: 'FacilityType',
  plural: 'facilityTypes',
  table: 'facility_type',
  scope: 'global',
  texts: 'accidents:statistics.areas.facilityType',
  fields: {
    code: field.code(),
    name: field.name(),
    sortOrder: field.number({ integer: true, min: 0, max: 10_000 }),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'sortOrder'], defaultSort: { field: 'sortOrder', order: 'asc' } },
  search: ['code', 'name'],
  paths: { import: 'import-facility-type-from-json', template: 'generate-template' },
  routes: { base: '/an-toan-ve-sinh-lao-dong/phan-loai-loai-hinh-co-so' },
  menu: { group: 'accidents', order: 42 },
});
