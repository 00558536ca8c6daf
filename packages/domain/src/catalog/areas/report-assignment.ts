import { defineCatalog, field } from '../define.ts';

/**
 * Who must file a report type: rules by sector, employer type, commune and size (employees), plus named additions
 * and exemptions with a reason. The expected reporters of a period are fixed from the rows valid on the day it
 * opens (the day it opens, or the day of a later evaluation); later changes are recorded against the period.
 */
export default defineCatalog({
  key: 'reportAssignment',
  area: 'ReportAssignment',
  plural: 'reportAssignments',
  table: 'report_assignment',
  scope: 'global',
  texts: 'reports:areas.reportAssignment',
  fields: {
    code: field.code(),
    reportTypeId: field.reference({ target: 'reportType', required: true, width: 36 }),
    kind: field.enum({
      options: ['rule', 'include', 'exempt'],
      required: true,
      optionLabels: 'reports:assignmentKinds',
    }),
    sectorId: field.reference({ target: 'bussinessSector', width: 30 }),
    businessTypeId: field.reference({ target: 'bussinessType', width: 30 }),
    wardCode: field.adminUnit({ level: 'ward', width: 30 }),
    minEmployees: field.number({ integer: true, min: 0, max: 1_000_000 }),
    maxEmployees: field.number({ integer: true, min: 0, max: 1_000_000 }),
    employerId: field.reference({ target: 'bussiness', width: 36 }),
    reason: field.longText({ max: 1000 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
  },
  titleField: 'code',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: ['code', 'reportTypeId', 'kind', 'sectorId', 'wardCode', 'employerId', 'validFrom', 'validTo'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['reportTypeId', 'kind', 'sectorId', 'wardCode'],
  search: ['code', 'reason'],
  // The list page is drawn by the reports module: the rules and, beside them, who they make report for a period.
  routes: { base: '/phan-loai-bao-cao', edit: 'them-moi/{id}', own: ['list'] },
  menu: { group: 'reports', order: 30 },
});
