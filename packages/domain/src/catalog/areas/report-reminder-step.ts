import { defineCatalog, field } from '../define.ts';

/**
 * The reminder schedule, as data: each step is sent once to each expected reporter that has not filed, this many
 * days from the due day (negative: before it). A step names one report type or, left empty, serves them all.
 */
export default defineCatalog({
  key: 'reportReminderStep',
  area: 'ReportReminderStep',
  plural: 'reportReminderSteps',
  table: 'report_reminder_step',
  scope: 'global',
  texts: 'reports:areas.reportReminderStep',
  fields: {
    code: field.code(),
    name: field.name(),
    offsetDays: field.number({ integer: true, min: -90, max: 365, required: true }),
    reportTypeId: field.reference({ target: 'reportType', width: 36 }),
    active: field.boolean(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'name', 'offsetDays', 'reportTypeId', 'active'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['reportTypeId', 'active'],
  search: ['code', 'name'],
  routes: { base: '/danh-muc/lich-nhac-bao-cao' },
  menu: { group: 'reports', order: 50 },
});
