import { defineCatalog, field } from '../define.ts';
import { TRAINING_CLASSES } from '../../training/rules.ts';

/**
 * The conditions an organisation of each class must meet (Decree 44/2016 Art 26, as amended by Decree 140/2018
 * Art 1.11): the classroom's least area and the least numbers of in-house trainers and first-aid trainers. One row
 * per class and period, so a class A self-declaration is judged by the row in force on the day it is sent and the
 * department corrects the numbers without a release.
 */
export default defineCatalog({
  key: 'trainingClassCondition',
  area: 'TrainingClassCondition',
  plural: 'trainingClassConditions',
  table: 'training_class_condition',
  scope: 'global',
  texts: 'training:areas.trainingClassCondition',
  fields: {
    code: field.code(),
    className: field.enum({ options: TRAINING_CLASSES, required: true, optionLabels: 'training:classes' }),
    minimumClassroomArea: field.number({ min: 0, max: 10_000, required: true }),
    minimumTrainers: field.number({ integer: true, min: 0, max: 100, required: true }),
    minimumFirstAidTrainers: field.number({ integer: true, min: 0, max: 100, required: true }),
    legalBasis: field.text({ max: 500, required: true, width: 40 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    verified: field.boolean(),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'className',
      'minimumClassroomArea',
      'minimumTrainers',
      'minimumFirstAidTrainers',
      'validFrom',
      'validTo',
      'verified',
    ],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['className', 'verified'],
  search: ['code', 'legalBasis'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/dieu-kien-hang-huan-luyen' },
  menu: { group: 'training', order: 82 },
});
