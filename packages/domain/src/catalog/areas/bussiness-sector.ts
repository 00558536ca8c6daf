import { defineCatalog, field } from '../define.ts';

/** Business sectors ("ngành nghề kinh doanh"), a tree following the national classification (VSIC). */
export default defineCatalog({
  key: 'bussinessSector',
  area: 'BussinessSector',
  plural: 'bussinessSectors',
  table: 'bussiness_sector',
  tree: true,
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    parentId: field.treeReference(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: { columns: ['code', 'name', 'parentId'], defaultSort: { field: 'code', order: 'asc' } },
  filters: ['parentId'],
  search: ['code', 'name'],
  paths: {
    detail: 'get-by-id/{id}',
    create: 'create',
    update: 'update',
    delete: 'delete',
    import: 'import-bussiness-sector-from-json',
  },
  routes: { base: '/nganh-nghe-kinh-doanh', import: 'them-tu-file', create: false, edit: false, detail: false },
  menu: { group: 'businesses', order: 20 },
});
