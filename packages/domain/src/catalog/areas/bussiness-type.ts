import { defineCatalog, field } from '../define.ts';

/** Employer types ("loại hình doanh nghiệp"): limited company, joint-stock company, cooperative, … */
export default defineCatalog({
  key: 'bussinessType',
  area: 'BussinessType',
  plural: 'bussinessTypes',
  table: 'bussiness_type',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'description'], defaultSort: { field: 'code', order: 'asc' } },
  search: ['code', 'name'],
  paths: { import: 'import-bussiness-type-from-json' },
  routes: {
    base: '/loai-hinh-doanh-nghiep',
    import: 'them-tu-file',
    edit: 'cap-nhat-loai-hinh-doanh-nghiep/{id}',
  },
  menu: { group: 'businesses', order: 10 },
});
