import { defineCatalog, field } from '../define.ts';
import { STATISTICS_PERIODS, STATISTICS_STATUSES } from '../../accidents/statistics/index.ts';

/**
 * An employer's accident statistics report ("thống kê, báo cáo tai nạn lao động", Decree 39/2016 Art 24,
 * Appendix XII) for a six-month period or a year: one per employer and period, filed even when no accident
 * occurred. The header (workers, female workers, wage fund) is the employer's; the victims come from its
 * declarations of the period (completed with days off and costs) and the figures are computed from them by the
 * statistics module, which also runs the workflow (draft → submitted → returned) and keeps the read-only fields.
 */
export default defineCatalog({
  key: 'accidentStatistical',
  area: 'AccidentStatistical',
  plural: 'accidentStatisticals',
  table: 'accident_statistical',
  scope: 'employer',
  texts: 'accidents:statistics.areas.accidentStatistical',
  fields: {
    // The report's number as the employer writes it on the form ("Số: 12/BC-TNLĐ").
    code: field.code(),
    // Forced to an employer user's own; the department and communes choose it (required by the module's hook).
    businessId: field.employer(),
    year: field.year({ required: true }),
    period: field.enum({ options: STATISTICS_PERIODS, required: true }),
    // Left empty, taken from the employer's worker register when the report is created.
    totalWorkers: field.number({ integer: true, min: 0, max: 10_000_000 }),
    femaleWorkers: field.number({ integer: true, min: 0, max: 10_000_000 }),
    wageFund: field.number({ integer: true, min: 0, max: 1_000_000_000_000_000 }),
    status: field.enum({ options: STATISTICS_STATUSES, readOnly: true }),
    dueDate: field.date({ readOnly: true }),
    submittedOn: field.date({ readOnly: true }),
    // Days the report was filed after its deadline (empty when on time): computed on every read by the module.
    daysLate: field.number({ integer: true, min: 1, readOnly: true, phrase: 'accidents:statistics.page.lateMark' }),
    returnReason: field.longText({ readOnly: true }),
    accidentCount: field.number({ integer: true, min: 0, readOnly: true }),
    victimCount: field.number({ integer: true, min: 0, readOnly: true }),
    deathCount: field.number({ integer: true, min: 0, readOnly: true }),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  // One report per employer and period (unique keys of an employer area hold per employer).
  unique: { code: ['code'], period: ['year', 'period'] },
  list: {
    columns: [
      'code',
      'businessId',
      'year',
      'period',
      'accidentCount',
      'victimCount',
      'status',
      'dueDate',
      'submittedOn',
      'daysLate',
    ],
    defaultSort: { field: 'year', order: 'desc' },
    countLimit: 10_000,
  },
  filters: ['businessId', 'year', 'period', 'status'],
  search: ['code', 'note'],
  excel: ['code', 'businessId', 'year', 'period', 'totalWorkers', 'femaleWorkers', 'wageFund', 'note'],
  exportOnly: ['status', 'dueDate', 'submittedOn', 'accidentCount', 'victimCount', 'deathCount'],
  indexes: {
    byPeriod: { fields: ['year', 'period', 'status'] },
    // The department's aggregation reads a period's submitted reports.
    submitted: { fields: ['year', 'period', 'businessId'], where: { status: 'submitted' } },
  },
  paths: {
    import: 'import-accident-statistical-from-json',
    // `export-excel` answers a report's worker list (the spec's export with accidentStatisticalId): the reports'
    // own list is exported here.
    export: 'export-excel-report',
  },
  // The report's page (victims, losses, breakdowns, submit/return) is the statistics module's own.
  routes: {
    base: '/an-toan-ve-sinh-lao-dong/thong-ke-tai-nan-lao-dong-co-quan',
    create: 'them',
    import: 'them-tu-tep',
    detail: false,
    own: ['edit'],
  },
  menu: { group: 'accidents', order: 30 },
});
