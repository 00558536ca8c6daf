import { defineCatalog, field } from '../define.ts';
import { CERTIFICATE_STATUSES, TRAINING_CREDENTIALS } from '../../training/rules.ts';

/**
 * Credentials of OSH training (Decree 44/2016 Art 24): the certificate (groups 1, 2, 5, 6), the safety card
 * (group 3, issued by the employer) and the logbook entry (group 4), one per worker, group and course, numbered,
 * valid until the date the group rule in force on the issue date gives (`validUntil`, read-only). A worker's
 * newest credential of a group is `current`; the ones it replaces are `superseded`, so "trained until when" and
 * the refresher lists read one row per worker and group. The employer owns them; the department and communes
 * see those in their scope; a QR on the printed credential opens a public verification page.
 */
export default defineCatalog({
  key: 'trainingCertificate',
  area: 'TrainingCertificate',
  plural: 'trainingCertificates',
  table: 'training_certificate',
  scope: 'employer',
  // The issuing unit (a training body) sees and writes the credentials it issued; the employer owns them.
  scopeField: 'issuerUnitId',
  texts: 'training:areas.trainingCertificate',
  fields: {
    certificateNumber: field.text({ max: 100, code: true, required: true, width: 30 }),
    businessId: field.employer(),
    workerId: field.reference({ target: 'worker', required: true, width: 28 }),
    // A credential from a course is of the course's group.
    targetTrainingId: field.reference({
      target: 'targetTraining',
      required: true,
      width: 28,
      dependsOn: { course: 'trainingId' },
    }),
    trainingId: field.reference({ target: 'training', width: 28 }),
    // Absent: the one the group rule in force on the issue date names (hooks).
    credential: field.enum({ options: TRAINING_CREDENTIALS, optionLabels: 'training:credentials' }),
    issuerUnitId: field.reference({ target: 'unit', width: 28 }),
    issuedOn: field.date({ required: true }),
    validUntil: field.date({ readOnly: true }),
    status: field.enum({ options: CERTIFICATE_STATUSES, readOnly: true, optionLabels: 'training:certificateStatuses' }),
    revokedReason: field.text({ max: 500, width: 32 }),
    note: field.longText(),
  },
  titleField: 'certificateNumber',
  codeField: 'certificateNumber',
  // Numbers carry their issuer's prefix: one number names one credential in the province.
  unique: { certificate: ['certificateNumber'] },
  globalUnique: ['certificate'],
  list: {
    columns: [
      'certificateNumber',
      'workerId',
      'businessId',
      'targetTrainingId',
      'credential',
      'issuedOn',
      'validUntil',
      'status',
    ],
    defaultSort: { field: 'issuedOn', order: 'desc' },
    countLimit: 10_000,
  },
  filters: [
    'businessId',
    'workerId',
    'targetTrainingId',
    'trainingId',
    'credential',
    'status',
    'issuedOn',
    'validUntil',
  ],
  search: ['certificateNumber'],
  indexes: {
    workerGroup: { fields: ['workerId', 'targetTrainingId'] },
    // The refresher lists (modules/training/refresher.ts) read the current credentials by expiry, province-wide and
    // per employer, in their exact order (expiry then number): the first page reads 20 entries, where the expiry
    // alone left every credential of the first day to sort (≈ 1 300 at 1 M).
    currentExpiryNumber: { fields: ['validUntil', 'certificateNumber'], where: { status: 'current' } },
    currentEmployerExpiryNumber: {
      fields: ['businessId', 'validUntil', 'certificateNumber'],
      where: { status: 'current' },
    },
  },
  // The list adds issuing from a course; the detail adds the PDF and revocation (modules/training/certificates).
  routes: { base: '/an-toan-ve-sinh-lao-dong/cap-giay-chung-nhan-huan-luyen', own: ['list', 'detail'] },
  menu: { group: 'training', order: 30 },
});
