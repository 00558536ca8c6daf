import { defineCatalog, field } from '../define.ts';
import { DISEASE_STATUSES } from '../../workers/constants.ts';

/**
 * Workers with an occupational disease ("người lao động mắc bệnh nghề nghiệp"): the case of one worker, the
 * disease type (the 35 of the official list), when and where it was diagnosed, the assessed loss of working
 * capacity and the follow-up. Kept by the worker's employer; the department sees the province.
 */
export default defineCatalog({
  key: 'occupationalDisease',
  area: 'OccupationalDisease',
  plural: 'occupationalDiseases',
  table: 'occupational_disease',
  scope: 'employer',
  texts: 'workers:areas.occupationalDisease',
  fields: {
    code: field.code(),
    businessId: field.employer({ required: true }),
    workerId: field.reference({ target: 'worker', required: true }),
    diseaseTypeId: field.reference({ target: 'occupationalDiseaseType', required: true }),
    diagnosis: field.name({ max: 500 }),
    diagnosisDate: field.date({ required: true }),
    facility: field.text({ max: 255, width: 32 }),
    disabilityRate: field.number({ integer: true, min: 0, max: 100 }),
    status: field.enum({ options: DISEASE_STATUSES, required: true, optionLabels: 'workers:diseaseStatuses' }),
    compensated: field.boolean(),
    // Treatment, rehabilitation and compensation paid (VND): the illness-costs statistic sums them.
    cost: field.number({ integer: true, min: 0 }),
    note: field.longText(),
  },
  titleField: 'diagnosis',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'workerId',
      'businessId',
      'diseaseTypeId',
      'diagnosis',
      'diagnosisDate',
      'disabilityRate',
      'status',
    ],
    defaultSort: { field: 'diagnosisDate', order: 'desc' },
  },
  filters: ['businessId', 'workerId', 'diseaseTypeId', 'status', 'diagnosisDate'],
  search: ['code', 'diagnosis'],
  paths: { delete: 'delete-occupational-diseases', combobox: ['combobox'] },
  routes: { base: '/nguoi-lao-dong/nguoi-mac-benh-nghe-nghiep', detail: false },
  menu: { group: 'workers', order: 60 },
});
