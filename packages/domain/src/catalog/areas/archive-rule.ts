import { ARCHIVE_SOURCES } from '../../archive/index.ts';
import { defineCatalog, field } from '../define.ts';

/**
 * Where closed records are filed: a kind of record (and, for periodic reports, optionally one report type) → an
 * index file, whose retention the filed records take. A report type's own rule wins over its kind's; a kind with
 * no rule is not filed until the department adds one. Data, so a new report type or a new index needs no code.
 */
export default defineCatalog({
  key: 'archiveRule',
  area: 'ArchiveRule',
  plural: 'archiveRules',
  table: 'archive_rule',
  scope: 'global',
  texts: 'archive:areas.archiveRule',
  fields: {
    code: field.code(),
    name: field.name(),
    source: field.enum({ options: ARCHIVE_SOURCES, required: true, optionLabels: 'archive:sources' }),
    reportTypeId: field.reference({ target: 'reportType', width: 36 }),
    indexFileId: field.reference({ target: 'indexFile', required: true, width: 36 }),
    note: field.longText({ max: 1000 }),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'source', 'reportTypeId', 'indexFileId'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['source', 'indexFileId'],
  search: ['code', 'name'],
  routes: { base: '/quy-tac-luu-tru-ho-so' },
  menu: { group: 'documents', order: 20 },
});
