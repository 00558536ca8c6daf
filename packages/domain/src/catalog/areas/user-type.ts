import { defineCatalog, field } from '../define.ts';

/**
 * User types ("kiểu người dùng"): the accounts module's `user_type` table with its permission sets, kept by its
 * own pages (they are deleted outright, so the table has no `deleted_at`). Declared as a lookup so that users
 * refer to a type by its code on import and show its name in lists.
 */
export default defineCatalog({
  key: 'userType',
  area: 'UserType',
  plural: 'userTypes',
  table: 'user_type',
  existingTable: true,
  lookup: { softDelete: false },
  scope: 'global',
  texts: 'accounts:areas.userType',
  fields: {
    code: field.code(),
    name: field.name(),
  },
  titleField: 'name',
  codeField: 'code',
  list: { columns: ['code', 'name'], defaultSort: { field: 'name', order: 'asc' } },
  search: ['code', 'name'],
  menu: false,
});
