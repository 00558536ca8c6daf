import { defineCatalog, field } from '../define.ts';

/**
 * Department-level and district-level units ("đơn vị cấp sở / cấp huyện"): one list, two pages. Each unit
 * belongs to the local unit it serves; a district user sees and edits only its own.
 */
export default defineCatalog({
  key: 'educationDepartment',
  area: 'EducationDepartment',
  plural: 'educationDepartments',
  table: 'education_department',
  scope: 'district',
  scopeField: 'adminUnitId',
  fields: {
    code: field.code(),
    name: field.name(),
    type: field.enum({ options: ['EducationDepartment', 'District'], required: true }),
    adminUnitId: field.adminUnit({ level: 'ward', required: true }),
    address: field.text({ max: 500, width: 40 }),
    phone: field.text({ max: 30 }),
    email: field.text({ max: 255 }),
    headName: field.text({ max: 255 }),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'type', 'adminUnitId', 'phone', 'headName'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  filters: ['type', 'adminUnitId'],
  search: ['code', 'name'],
  importPresets: ['type'],
  paths: {
    detail: 'education-department/{id}',
    delete: 'delete-education-departments',
    combobox: ['get-combobox-education-department', { path: 'district-unit', fixed: { type: 'District' } }],
  },
  routes: { base: '/nguoi-dung/don-vi' },
  views: [
    {
      key: 'department',
      routes: { base: '/nguoi-dung/don-vi-cap-so' },
      fixed: { type: 'EducationDepartment' },
      menu: { order: 10 },
    },
    {
      key: 'district',
      routes: { base: '/nguoi-dung/don-vi-cap-huyen' },
      fixed: { type: 'District' },
      menu: { order: 20 },
    },
  ],
  menu: { group: 'users', order: 20 },
});
