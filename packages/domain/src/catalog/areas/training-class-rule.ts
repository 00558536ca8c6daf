import { defineCatalog, field } from '../define.ts';
import { TRAINING_CLASSES } from '../../training/rules.ts';

/**
 * Which training groups an organisation of each class may train (Decree 44/2016 Art 26, as amended by Decree
 * 140/2018 Art 1.11): one row per class and group and period, so a course is judged by the rule in force on its
 * start date and the department corrects the list without a release.
 */
export default defineCatalog({
  key: 'trainingClassRule',
  area: 'TrainingClassRule',
  plural: 'trainingClassRules',
  table: 'training_class_rule',
  scope: 'global',
  texts: 'training:areas.trainingClassRule',
  fields: {
    code: field.code(),
    className: field.enum({ options: TRAINING_CLASSES, required: true, optionLabels: 'training:classes' }),
    targetTrainingId: field.reference({ target: 'targetTraining', required: true, width: 36 }),
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
    columns: ['code', 'className', 'targetTrainingId', 'legalBasis', 'validFrom', 'validTo', 'verified'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['className', 'targetTrainingId', 'verified'],
  search: ['code', 'legalBasis'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/hang-to-chuc-huan-luyen' },
  menu: { group: 'training', order: 80 },
});
