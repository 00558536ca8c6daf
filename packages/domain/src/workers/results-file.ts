import { defineCatalog, field } from '../catalog/define.ts';
import { trainingWorkerFields } from './records.ts';

/**
 * A course's results (Training/import-training-worker-from-json, and their entry on the course's page): one row per
 * participant, named by citizen ID (or passport), with the outcome fields of a participation. Declared as a
 * catalogue so the catalogue's template and field widgets serve it; not an area (no table, no pages, no menu). The
 * labels are the import page's headers, so a downloaded template reads back.
 */
export const trainingResultsFile = defineCatalog({
  key: 'trainingResultsFile',
  area: 'Training',
  plural: 'trainingResultsFiles',
  table: 'training_worker',
  scope: 'employer',
  texts: 'workers:resultsFile',
  fields: {
    citizenId: field.text({ required: true, max: 20, code: true, label: 'workers:web.import.citizenId' }),
    result: { ...trainingWorkerFields.result, label: 'workers:web.participants.result' },
    certificateNumber: { ...trainingWorkerFields.certificateNumber, label: 'workers:web.participants.certificate' },
    certificateDate: { ...trainingWorkerFields.certificateDate, label: 'workers:web.participants.certificateDate' },
    note: { ...trainingWorkerFields.note, label: 'workers:web.import.note' },
  },
  titleField: 'citizenId',
  list: { columns: ['citizenId', 'result'], defaultSort: { field: 'citizenId', order: 'asc' } },
  search: ['citizenId'],
  paths: { import: 'import-training-worker-from-json', template: 'generate-template-training-worker' },
  routes: { base: '/an-toan-ve-sinh-lao-dong/thuc-hien-huan-luyen', detail: false },
  menu: false,
});

/** The outcome of a participation as its results row holds it (what the course's page enters on screen). */
export const RESULT_FIELDS = ['result', 'certificateNumber', 'certificateDate', 'note'] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];
