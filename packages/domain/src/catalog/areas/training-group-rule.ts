import { defineCatalog, field } from '../define.ts';
import { CREDENTIAL_ISSUERS, TRAINING_CREDENTIALS } from '../../training/rules.ts';

/**
 * What the law asks of each training group over a period (Decree 44/2016 Arts 19, 23–25): the minimum hours of a
 * first course, the credential it leads to and who issues it, and how many months the credential stays valid
 * before a refresher is due. A course is judged, and a credential dated, by the row in force on its date.
 */
export default defineCatalog({
  key: 'trainingGroupRule',
  area: 'TrainingGroupRule',
  plural: 'trainingGroupRules',
  table: 'training_group_rule',
  scope: 'global',
  texts: 'training:areas.trainingGroupRule',
  fields: {
    code: field.code(),
    targetTrainingId: field.reference({ target: 'targetTraining', required: true, width: 36 }),
    minimumHours: field.number({ integer: true, min: 1, max: 1000, required: true }),
    /** A refresher course lasts at least this share of a first course's minimum hours. */
    periodicPercent: field.number({ integer: true, min: 1, max: 100, required: true }),
    credential: field.enum({ options: TRAINING_CREDENTIALS, required: true, optionLabels: 'training:credentials' }),
    issuer: field.enum({ options: CREDENTIAL_ISSUERS, required: true, optionLabels: 'training:issuers' }),
    /** Empty: the credential does not expire. */
    validityMonths: field.number({ integer: true, min: 1, max: 240 }),
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
      'targetTrainingId',
      'minimumHours',
      'periodicPercent',
      'credential',
      'issuer',
      'validityMonths',
      'legalBasis',
      'validFrom',
      'verified',
    ],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['targetTrainingId', 'credential', 'verified'],
  search: ['code', 'legalBasis'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/quy-dinh-nhom-huan-luyen' },
  menu: { group: 'training', order: 81 },
});
