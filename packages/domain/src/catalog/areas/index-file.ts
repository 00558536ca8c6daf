import { defineCatalog, field } from '../define.ts';

/** File index ("danh mục hồ sơ"): kinds of records kept in the archive, with their retention period. */
export default defineCatalog({
  key: 'indexFile',
  area: 'IndexFile',
  plural: 'indexFiles',
  table: 'index_file',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    retentionYears: field.number({ integer: true, min: 1, max: 100 }),
    permanent: field.boolean(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'retentionYears', 'permanent'], defaultSort: { field: 'code', order: 'asc' } },
  filters: ['permanent'],
  search: ['code', 'name'],
  paths: { delete: 'delete-index-file' },
  routes: { base: '/danh-muc-ho-so' },
  menu: { group: 'documents', order: 10 },
});
