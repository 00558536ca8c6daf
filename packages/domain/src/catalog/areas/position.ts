import { defineCatalog, field } from '../define.ts';

/** Job positions ("vị trí công việc") of the department and of each employer (each sees only its own). */
export default defineCatalog({
  key: 'position',
  area: 'Position',
  plural: 'positions',
  table: 'position',
  scope: 'employer',
  fields: {
    code: field.code(),
    name: field.name(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'description'], defaultSort: { field: 'name', order: 'asc' } },
  search: ['code', 'name'],
  paths: {
    combobox: ['combobox', 'get-combobox-position'],
    delete: 'delete-positions',
    deleteIdParam: 'positionId',
  },
  routes: { base: '/nguoi-dung/vi-tri-cong-viec' },
  menu: { group: 'users', order: 30 },
});
