import { defineCatalog, field } from '../define.ts';

/** Occupational disease types ("loại bệnh nghề nghiệp") covered by social insurance, by group. */
export default defineCatalog({
  key: 'occupationalDiseaseType',
  area: 'OccupationalDiseaseType',
  plural: 'occupationalDiseaseTypes',
  table: 'occupational_disease_type',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    group: field.enum({ options: ['dust', 'poisoning', 'physical', 'biological', 'skin', 'other'], required: true }),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'group'], defaultSort: { field: 'code', order: 'asc' } },
  filters: ['group'],
  search: ['code', 'name'],
  routes: { base: '/nguoi-lao-dong/loai-benh-nghe-nghiep' },
  menu: { group: 'workers', order: 50 },
});
