import { defineCatalog, field } from '../define.ts';

/** Injury-causing elements ("yếu tố gây chấn thương") used when declaring workplace accidents. */
export default defineCatalog({
  key: 'injuryElement',
  area: 'InjuryElement',
  plural: 'injuryElements',
  table: 'injury_element',
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
  paths: { delete: 'delete-injury-elements' },
  routes: { base: '/an-toan-ve-sinh-lao-dong/yeu-to-chan-thuong' },
  menu: { group: 'safety', order: 60 },
});
