import { defineCatalog, field } from '../define.ts';

/** Training target groups ("nhóm đối tượng huấn luyện"): who must be trained in safety, and for how long. */
export default defineCatalog({
  key: 'targetTraining',
  area: 'TargetTraining',
  plural: 'targetTrainings',
  table: 'target_training',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    trainingHours: field.number({ integer: true, min: 1, max: 1000 }),
    refresherYears: field.number({ integer: true, min: 1, max: 10 }),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: { columns: ['code', 'name', 'trainingHours', 'refresherYears'], defaultSort: { field: 'code', order: 'asc' } },
  search: ['code', 'name'],
  // The groups a training unit may run on a date (its class's rules then): a course's or a notice's picker; a
  // course's own group: a credential's picker.
  optionParams: { trainedBy: 'id', on: 'date', course: 'id' },
  paths: { byCode: 'get-by-code/{code}' },
  routes: { base: '/nguoi-lao-dong/nhom-doi-tuong-huan-luyen' },
  menu: { group: 'workers', order: 40 },
});
