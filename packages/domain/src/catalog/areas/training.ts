import { defineCatalog, field } from '../define.ts';
import { COURSE_KINDS } from '../../training/rules.ts';

/**
 * Occupational safety training courses ("huấn luyện an toàn, vệ sinh lao động", Decree 44/2016) for one training
 * target group; the workers who took part are kept with each course (the Training module:
 * list/add/delete-training-worker, import-training-worker-from-json).
 * A course belongs to the employer it is held for (none: open to several employers' workers) and to the
 * training organisation that runs it (`trainerUnitId`, a unit): a training body sees and runs its own courses,
 * an employer those held for it, the department all.
 */
export default defineCatalog({
  key: 'training',
  area: 'Training',
  plural: 'trainings',
  table: 'training',
  scope: 'employer',
  scopeField: 'trainerUnitId',
  texts: 'workers:areas.training',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    businessId: field.employer(),
    // Only the groups the training unit's class allows on the start date.
    targetTrainingId: field.reference({
      target: 'targetTraining',
      required: true,
      dependsOn: { trainedBy: 'trainerUnitId', on: 'startDate' },
    }),
    // A first course or a refresher: the minimum hours differ (TrainingGroupRule).
    kind: field.enum({ options: COURSE_KINDS, optionLabels: 'training:courseKinds' }),
    trainerUnitId: field.reference({ target: 'unit' }),
    startDate: field.date({ required: true }),
    endDate: field.date(),
    hours: field.number({ min: 1, max: 1000 }),
    location: field.text({ max: 500, width: 32 }),
    trainer: field.text({ max: 255, width: 24 }),
    note: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'name',
      'businessId',
      'trainerUnitId',
      'targetTrainingId',
      'kind',
      'startDate',
      'endDate',
      'hours',
    ],
    defaultSort: { field: 'startDate', order: 'desc' },
  },
  filters: ['businessId', 'trainerUnitId', 'targetTrainingId', 'startDate'],
  search: ['code', 'name'],
  paths: { create: 'add', update: 'update', delete: 'delete', combobox: ['get-combobox-training'] },
  // A course's page adds its participants; their import is the page them-tu-file/{id} (modules/workers).
  routes: { base: '/an-toan-ve-sinh-lao-dong/thuc-hien-huan-luyen', detail: false, import: false, own: ['edit'] },
  menu: { group: 'training', order: 10 },
});
