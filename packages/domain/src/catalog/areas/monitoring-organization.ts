import { defineCatalog, field } from '../define.ts';

/**
 * Organisations qualified to monitor the working environment (Decree 44/2016 Arts 36–40): the certificate of
 * qualification, who issued it and its validity. A report's monitoring date must fall within it.
 */
export default defineCatalog({
  key: 'monitoringOrganization',
  area: 'MonitoringOrganization',
  plural: 'monitoringOrganizations',
  table: 'monitoring_organization',
  scope: 'global',
  texts: 'monitoring:areas.monitoringOrganization',
  fields: {
    code: field.code(),
    name: field.name(),
    certificateNumber: field.text({ max: 100, required: true, width: 20 }),
    issuedBy: field.text({ max: 255, width: 28 }),
    address: field.text({ max: 500, width: 36 }),
    phone: field.text({ max: 30 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    legalBasis: field.text({ max: 500, width: 36 }),
    note: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: {
    columns: ['code', 'name', 'certificateNumber', 'issuedBy', 'validFrom', 'validTo'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  filters: ['validFrom', 'validTo'],
  search: ['code', 'name', 'certificateNumber'],
  routes: { base: '/an-toan-ve-sinh-lao-dong/to-chuc-quan-trac' },
  menu: { group: 'safety', order: 63 },
});
