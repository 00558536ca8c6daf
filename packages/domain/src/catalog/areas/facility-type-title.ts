import { defineCatalog, field } from '../define.ts';

/**
 * The titles of a specialised accident summary report's lines ("tiêu đề"), each under a facility-type
 * classification: a report has one line of figures per title it reports on, grouped by classification.
 */
export default defineCatalog({
  key: 'facilityTypeTitle',
  area: 'FacilityTypeTitle',
  mount: 'FacilityType',
  subject: 'FacilityType',
  permissionNode: false,
  plural: 'titles',
  table: 'facility_type_title',
  scope: 'global',
  texts: 'accidents:statistics.areas.facilityTypeTitle',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    facilityTypeId: field.reference({ target: 'facilityType', required: true }),
    sortOrder: field.number({ integer: true, min: 0, max: 10_000 }),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'facilityTypeId', 'sortOrder'],
    defaultSort: { field: 'sortOrder', order: 'asc' },
  },
  filters: ['facilityTypeId'],
  search: ['code', 'name'],
  paths: {
    list: 'get-paging-title',
    detail: 'get-by-id-title/{id}',
    create: 'create-title',
    update: 'update-title',
    delete: 'delete-title',
    combobox: ['get-combobox-title'],
    import: 'import-title-from-json',
    template: 'generate-template-title',
    export: 'export-excel-title',
    exist: { code: 'exist-code-title' },
  },
  routes: { base: '/an-toan-ve-sinh-lao-dong/tieu-de-loai-hinh-co-so' },
  menu: { group: 'accidents', order: 43 },
});
