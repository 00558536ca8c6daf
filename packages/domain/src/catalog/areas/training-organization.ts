import { defineCatalog, field } from '../define.ts';
import { TRAINING_CLASSES } from '../../training/rules.ts';

/**
 * Training organisations' certificates of eligibility (Decree 44/2016 Arts 26–31): the unit (a training body, or
 * an employer that trains its own workers), its class, the certificate and its validity. The class in force on a
 * course's start date decides which groups the unit may train (TrainingClassRule).
 */
export default defineCatalog({
  key: 'trainingOrganization',
  area: 'TrainingOrganization',
  plural: 'trainingOrganizations',
  table: 'training_organization',
  scope: 'unit',
  scopeField: 'unitId',
  texts: 'training:areas.trainingOrganization',
  fields: {
    code: field.code(),
    unitId: field.reference({ target: 'unit', required: true, width: 36 }),
    className: field.enum({ options: TRAINING_CLASSES, required: true, optionLabels: 'training:classes' }),
    certificateNumber: field.text({ max: 100, required: true, width: 20, sample: (tag, n) => `${tag}-HL-${n}` }),
    issuedBy: field.text({ max: 255, width: 28 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    address: field.text({ max: 500, width: 36 }),
    phone: field.text({ max: 30, width: 16 }),
    file: field.file({ accept: '.pdf,.jpg,.jpeg,.png' }),
    note: field.longText(),
  },
  titleField: 'certificateNumber',
  codeField: 'code',
  unique: { code: ['code'], certificate: ['certificateNumber'] },
  list: {
    columns: ['code', 'unitId', 'className', 'certificateNumber', 'issuedBy', 'validFrom', 'validTo'],
    defaultSort: { field: 'validFrom', order: 'desc' },
  },
  filters: ['unitId', 'className', 'validTo'],
  search: ['code', 'certificateNumber'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/to-chuc-huan-luyen' },
  menu: { group: 'training', order: 70 },
});
