import { GET_PAGING_PATHS, defineCatalog, field } from '../define.ts';

/** Health classification ("phân loại sức khỏe") used in workers' periodic health checks: type I to V. */
export default defineCatalog({
  key: 'classifyHealth',
  area: 'ClassifyHealth',
  plural: 'classifyHealths',
  table: 'classify_health',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    fitForHeavyWork: field.boolean(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'fitForHeavyWork', 'description'], defaultSort: { field: 'code', order: 'asc' } },
  filters: ['fitForHeavyWork'],
  search: ['code', 'name'],
  paths: {
    ...GET_PAGING_PATHS,
    combobox: ['combobox'],
  },
  routes: { base: '/nguoi-lao-dong/phan-loai-suc-khoe' },
  menu: { group: 'workers', order: 30 },
});
