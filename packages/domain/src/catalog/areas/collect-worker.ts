import { defineCatalog, field } from '../define.ts';
import { REPORT_PERIODS } from '../../workers/constants.ts';

/**
 * Employers' reports on the workers they employ ("báo cáo tình hình sử dụng lao động", Decree 145/2020 art. 4):
 * for the first half of the year (due 5 June) and for the whole year (due 5 December), with the figures and
 * the signed report file. Employers file their own; the department and communes read them.
 */
export default defineCatalog({
  key: 'collectWorker',
  area: 'CollectWorker',
  plural: 'collectWorkers',
  table: 'collect_worker',
  scope: 'employer',
  texts: 'workers:areas.collectWorker',
  fields: {
    code: field.code(),
    title: field.name({ max: 500 }),
    businessId: field.employer({ required: true }),
    year: field.year({ required: true }),
    period: field.enum({ options: REPORT_PERIODS, required: true, optionLabels: 'workers:reportPeriods' }),
    totalWorkers: field.number({ integer: true, min: 0, max: 1_000_000, required: true }),
    femaleWorkers: field.number({ integer: true, min: 0, max: 1_000_000 }),
    foreignWorkers: field.number({ integer: true, min: 0, max: 1_000_000 }),
    hazardousWorkers: field.number({ integer: true, min: 0, max: 1_000_000 }),
    hiredWorkers: field.number({ integer: true, min: 0, max: 1_000_000 }),
    leftWorkers: field.number({ integer: true, min: 0, max: 1_000_000 }),
    submittedDate: field.date(),
    fileId: field.file({ accept: '.pdf,.xlsx,.xls,.docx,.doc' }),
    note: field.longText(),
  },
  titleField: 'title',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'title', 'businessId', 'year', 'period', 'totalWorkers', 'submittedDate', 'fileId'],
    defaultSort: { field: 'submittedDate', order: 'desc' },
  },
  filters: ['businessId', 'year', 'period', 'submittedDate'],
  search: ['code', 'title'],
  paths: { delete: 'delete-collect-workers', combobox: ['combobox'] },
  // A report's page adds the signed file's upload and download (modules/workers in the web app).
  routes: { base: '/nguoi-lao-dong/bao-cao-nguoi-lao-dong', detail: false, own: ['edit'] },
  menu: { group: 'workers', order: 50 },
});
