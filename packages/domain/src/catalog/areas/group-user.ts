import { defineCatalog, field } from '../define.ts';

/** User groups ("nhóm người dùng"): named sets of users, e.g. to address messages and notifications. */
export default defineCatalog({
  key: 'groupUser',
  area: 'GroupUser',
  plural: 'groupUsers',
  table: 'group_user',
  scope: 'global',
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
    combobox: ['get-combobox-group-user'],
    delete: 'delete-groupUsers',
    import: 'import-group-user-from-json',
    purge: 'permanent-delete-group-users',
  },
  routes: {
    base: '/nguoi-dung/nhom-nguoi-dung',
    aliases: { list: '/User-Group/List', edit: '/User-Group/Edit/{id}' },
  },
  menu: { group: 'users', order: 40 },
});
