import { defineCatalog, field } from '../define.ts';

/** Organisation structure ("cơ cấu tổ chức"): the department's and each employer's own tree of divisions. */
export default defineCatalog({
  key: 'organizationStructure',
  area: 'OrganizationStructure',
  plural: 'organizationStructures',
  table: 'organization_structure',
  tree: true,
  scope: 'employer',
  fields: {
    code: field.code(),
    name: field.name(),
    parentId: field.treeReference(),
    phone: field.text({ max: 30 }),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: { columns: ['code', 'name', 'parentId', 'phone'], defaultSort: { field: 'code', order: 'asc' } },
  filters: ['parentId'],
  search: ['code', 'name'],
  paths: {
    detail: 'get-by-id/{id}',
    create: 'create',
    update: 'update',
    delete: 'delete',
    import: 'import-OrganizationStructure-from-json',
    treeChildren: 'get-treeview-children',
  },
  routes: { base: '/nguoi-dung/co-cau-to-chuc', create: false, edit: false, detail: false },
  menu: { group: 'users', order: 50 },
});
