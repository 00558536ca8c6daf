import { defineCatalog, field } from '../define.ts';

/** Occupations ("danh mục nghề nghiệp"), a tree following the national classification of occupations. */
export default defineCatalog({
  key: 'typeOfProfession',
  area: 'TypeOfProfession',
  plural: 'typeOfProfessions',
  table: 'type_of_profession',
  tree: true,
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    parentId: field.treeReference(),
    heavyHazardous: field.boolean(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: { columns: ['code', 'name', 'parentId', 'heavyHazardous'], defaultSort: { field: 'code', order: 'asc' } },
  filters: ['parentId', 'heavyHazardous'],
  search: ['code', 'name'],
  paths: {
    combobox: ['get-combobox'],
    detail: 'get-by-id/{id}',
    create: 'create',
    update: 'update',
    delete: 'delete',
    import: 'import-from-json',
  },
  routes: { base: '/nguoi-lao-dong/danh-muc-nghe-nghiep', create: false, edit: false, detail: false },
  menu: { group: 'workers', order: 20 },
});
