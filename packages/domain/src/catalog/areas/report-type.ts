import { defineCatalog, field } from '../define.ts';

/**
 * Periodic reports as data: who files, who receives, the period, and the legal-deadline rule that dates it (the
 * row in force on the period's last day), when filing opens and closes, and the form (a report-forms definition).
 * A new report is a row here and a form definition, not code.
 *
 * The due day is counted from the period's last day by the rule `deadlineRule`; a period of the year the law dates
 * apart has its own rule `{deadlineRule}.{part}` (`.H2`, `.Q4`, `.12`), used when present: the accident statistics'
 * second half-year is the yearly report, due before 10 January, where the first is due before 5 July.
 * The department's own summaries (to the ministry) are filed by the department (filer `department`).
 */
export default defineCatalog({
  key: 'reportType',
  area: 'ReportType',
  plural: 'reportTypes',
  table: 'report_type',
  scope: 'global',
  texts: 'reports:areas.reportType',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    legalBasis: field.text({ max: 500, required: true, width: 40 }),
    filer: field.enum({
      options: ['business', 'commune', 'serviceCentre', 'trainingBody', 'department'],
      required: true,
      optionLabels: 'reports:filers',
    }),
    recipient: field.text({ max: 500, width: 32 }),
    periodType: field.enum({
      options: ['month', 'quarter', 'halfYear', 'year', 'event'],
      required: true,
      optionLabels: 'reports:periodTypes',
    }),
    // The labour-use change report's half-years end a month early (deadlines 5 June / 5 December).
    shiftMonths: field.number({ integer: true, min: -11, max: 11 }),
    deadlineRule: field.text({ max: 80, code: true, required: true, width: 28 }),
    opensBeforeEnd: field.number({ integer: true, min: 0, max: 366 }),
    closesAfterDue: field.number({ integer: true, min: 0, max: 3650 }),
    lockOnAccept: field.boolean(),
    formCode: field.text({ max: 80, code: true, required: true, width: 24 }),
    prefillSource: field.text({ max: 80, code: true }),
    verified: field.boolean(),
    active: field.boolean(),
    note: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'filer', 'periodType', 'deadlineRule', 'formCode', 'verified', 'active'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['filer', 'periodType', 'active'],
  search: ['code', 'name', 'legalBasis'],
  routes: { base: '/danh-muc/loai-bao-cao' },
  menu: { group: 'reports', order: 40 },
});
