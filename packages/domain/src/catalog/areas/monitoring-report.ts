import { GET_PAGING_PATHS, defineCatalog, field } from '../define.ts';
import { MEASURE_STATUSES } from '../../monitoring/factors.ts';

/**
 * Working-environment monitoring reports ("quan trắc môi trường lao động", Law 84/2015 Art 18): an employer's
 * monitoring of a year by an accredited organisation — the date, work areas, workers exposed — whose readings are
 * the nine factor sub-resources. What the readings make of it is read-only (counts, and when something exceeds,
 * the measures required by a deadline); the employer records its measures and the follow-up monitoring.
 */
export default defineCatalog({
  key: 'monitoringReport',
  area: 'ObservationMonitor',
  plural: 'observationMonitors',
  table: 'monitoring_report',
  scope: 'employer',
  texts: 'monitoring:areas.monitoringReport',
  fields: {
    code: field.code(),
    // Forced to an employer user's own; the department and communes choose it (required by the module's hook).
    businessId: field.employer(),
    // The monitoring date's year (set by the module's hook): the lists' year filter.
    year: field.year({ readOnly: true }),
    organizationId: field.reference({ target: 'monitoringOrganization', required: true }),
    monitoredOn: field.date({ required: true }),
    reportedOn: field.date(),
    workAreas: field.longText(),
    exposedWorkers: field.number({ integer: true, min: 0, max: 1_000_000 }),
    file: field.file({ accept: '.pdf,.jpg,.jpeg,.png' }),
    readingCount: field.number({ integer: true, min: 0, readOnly: true }),
    exceedanceCount: field.number({ integer: true, min: 0, readOnly: true }),
    measuresStatus: field.enum({ options: MEASURE_STATUSES, readOnly: true }),
    measuresDueDate: field.date({ readOnly: true }),
    measures: field.longText(),
    followUpOn: field.date(),
    followUpReportId: field.reference({ target: 'monitoringReport' }),
    note: field.longText(),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'businessId',
      'year',
      'organizationId',
      'monitoredOn',
      'readingCount',
      'exceedanceCount',
      'measuresStatus',
      'measuresDueDate',
    ],
    defaultSort: { field: 'monitoredOn', order: 'desc' },
    countLimit: 10_000,
  },
  filters: ['businessId', 'year', 'organizationId', 'monitoredOn', 'measuresStatus', 'measuresDueDate'],
  search: ['code'],
  exportOnly: ['year', 'readingCount', 'exceedanceCount', 'measuresStatus', 'measuresDueDate'],
  paths: {
    ...GET_PAGING_PATHS,
    combobox: ['get-combobox'],
    // The spec's import-observation-monitor-from-json takes the organisation's whole file (reports and readings):
    // served by the monitoring module.
    import: 'import-observation-monitor-report-from-json',
  },
  // The report's page (its readings, exceedances first, and the measures) and the import of the organisation's
  // whole file are the monitoring module's own pages at these paths.
  routes: { base: '/an-toan-ve-sinh-lao-dong/quang-trac-moi-truong', own: ['detail', 'edit', 'import'] },
  menu: { group: 'safety', order: 60 },
});
