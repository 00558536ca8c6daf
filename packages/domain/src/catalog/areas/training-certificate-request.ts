import { defineCatalog, field } from '../define.ts';
import { REQUEST_FILERS, REQUEST_STATUSES } from '../../training/certificates.ts';
import { CREDENTIAL_ISSUERS } from '../../training/rules.ts';

/**
 * Requests for training credentials (đề nghị cấp giấy chứng nhận huấn luyện): the employer or the course's
 * training unit names a course and the participants who passed it, and submits; the issuer the group rule names
 * (the training organisation, or the employer for cards and logbook entries) issues one numbered credential per
 * participant, or refuses with a reason (packages/domain/src/training/certificates.ts). The participants are kept
 * beside the request (modules/training/certificates); the course, the issuer and the training unit are derived from
 * the course by the hooks. The employer owns the request; the training unit running the course sees it too.
 */
export default defineCatalog({
  key: 'trainingCertificateRequest',
  area: 'TrainingCertificateRequest',
  plural: 'trainingCertificateRequests',
  table: 'training_certificate_request',
  scope: 'employer',
  scopeField: 'trainerUnitId',
  texts: 'training:areas.trainingCertificateRequest',
  fields: {
    // The filer's reference of the request (its dispatch number): in lists, notifications and the PDF's name.
    code: field.code({ max: 50, width: 18 }),
    trainingId: field.reference({ target: 'training', required: true, width: 36 }),
    businessId: field.employer(),
    targetTrainingId: field.reference({ target: 'targetTraining', readOnly: true, width: 24 }),
    trainerUnitId: field.reference({ target: 'unit', readOnly: true, width: 30 }),
    // Who issues, as the group rule in force says: the training unit above, or the employer itself.
    issuer: field.enum({ options: CREDENTIAL_ISSUERS, readOnly: true, optionLabels: 'training:issuers' }),
    filedBy: field.enum({ options: REQUEST_FILERS, readOnly: true, optionLabels: 'training:requests.filers' }),
    status: field.enum({ options: REQUEST_STATUSES, readOnly: true, optionLabels: 'training:requests.statuses' }),
    participantCount: field.number({ integer: true, min: 0, readOnly: true }),
    refuseReason: field.text({ max: 1000, readOnly: true, width: 32 }),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'trainingId',
      'businessId',
      'targetTrainingId',
      'trainerUnitId',
      'issuer',
      'participantCount',
      'status',
    ],
    defaultSort: { field: 'updatedAt', order: 'desc' },
  },
  filters: ['status', 'businessId', 'trainingId', 'targetTrainingId', 'issuer', 'filedBy'],
  search: ['code'],
  excel: ['code', 'trainingId', 'businessId', 'note'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/de-nghi-cap-giay-huan-luyen', own: ['detail'], import: false },
  menu: { group: 'training', order: 25 },
});
