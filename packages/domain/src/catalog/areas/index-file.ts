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
    // The regulation or sample form of this kind of record, scanned (uploaded through the generic file call).
    scanFileId: field.file({ accept: '.pdf,.png,.jpg,.jpeg', label: 'files:fields.scanFileId' }),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: {
    columns: ['code', 'name', 'retentionYears', 'permanent', 'scanFileId'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['permanent'],
  search: ['code', 'name'],
  paths: { delete: 'delete-index-file' },
  routes: { base: '/danh-muc-ho-so' },
  menu: { group: 'documents', order: 10 },
});
