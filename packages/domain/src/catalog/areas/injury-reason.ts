import { defineCatalog, field } from '../define.ts';

/** Injury types ("loại chấn thương") used when declaring workplace accidents. */
export default defineCatalog({
  key: 'injuryReason',
  area: 'InjuryReason',
  plural: 'injuryReasons',
  table: 'injury_reason',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  optionOrder: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'description'], defaultSort: { field: 'code', order: 'asc' } },
  search: ['code', 'name'],
  paths: { delete: 'delete-injury-reasons' },
  routes: { base: '/an-toan-ve-sinh-lao-dong/loai-chan-thuong' },
  menu: { group: 'safety', order: 50 },
});
