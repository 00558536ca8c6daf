import { defineCatalog, field } from '../define.ts';

/**
 * Types of specialised accident summary reports: the sectors that report accidents under their own specialised law
 * (Law 84/2015 Art 34.1.c — radiation, oil and gas, rail, waterway, road and air transport, armed forces), each with
 * its legal basis. A sub-resource of AccidentSpecializeReport.
 */
export default defineCatalog({
  key: 'accidentSpecializeType',
  area: 'AccidentSpecializeType',
  mount: 'AccidentSpecializeReport',
  subject: 'AccidentSpecializeReport',
  permissionNode: false,
  plural: 'types',
  table: 'accident_specialize_type',
  scope: 'global',
  texts: 'accidents:statistics.areas.accidentSpecializeType',
  fields: {
    code: field.code(),
    name: field.name(),
    legalBasis: field.text({ max: 500, width: 40 }),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: { columns: ['code', 'name', 'legalBasis'], defaultSort: { field: 'code', order: 'asc' } },
  search: ['code', 'name'],
  paths: {
    list: 'get-paging-type',
    detail: 'get-by-id-type/{id}',
    create: 'create-type',
    update: 'update-type',
    delete: 'delete-type',
    combobox: ['get-combobox-type'],
    import: 'import-type-from-json',
    template: 'generate-template-type',
    export: 'export-excel-type',
    exist: { code: 'exist-code-type' },
  },
  routes: { base: '/an-toan-ve-sinh-lao-dong/loai-bao-cao-tai-nan-chuyen-nganh' },
  menu: { group: 'accidents', order: 41 },
});
