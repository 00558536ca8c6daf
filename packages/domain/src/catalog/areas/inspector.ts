import { defineCatalog, field } from '../define.ts';

/**
 * Inspectors (kiểm định viên) of the inspection organisations: the accreditation certificate's number, validity,
 * the equipment types it covers and its scan (`download-file-inspector`). A certificate signed by an inspector
 * whose accreditation does not cover the machine's type on the inspection date is refused.
 */
export default defineCatalog({
  key: 'inspector',
  area: 'Inspector',
  plural: 'inspectors',
  table: 'inspector',
  scope: 'global',
  fields: {
    code: field.code(),
    fullName: field.name({ max: 255 }),
    organizationId: field.reference({ target: 'inspectionOrganization', required: true }),
    accreditationNumber: field.text({ max: 100, required: true, width: 20, sample: (tag, n) => `${tag}-KĐ-${n}` }),
    validFrom: field.date({ required: true }),
    validTo: field.date({ required: true }),
    equipmentTypes: field.text({ max: 1000, required: true, width: 32, sample: () => 'TB11, TB12' }),
    file: field.file({ accept: '.pdf,.jpg,.jpeg,.png' }),
  },
  titleField: 'fullName',
  codeField: 'code',
  unique: { code: ['code'], accreditation: ['accreditationNumber'] },
  list: {
    columns: ['code', 'fullName', 'organizationId', 'accreditationNumber', 'validFrom', 'validTo', 'equipmentTypes'],
    defaultSort: { field: 'fullName', order: 'asc' },
  },
  filters: ['organizationId', 'validTo'],
  search: ['code', 'fullName', 'accreditationNumber'],
  // Those accredited for a machine's type on a date: a certificate's picker.
  optionParams: { equipmentId: 'id', on: 'date' },
  paths: { delete: 'delete-inspectors', import: 'import-inspector-from-json' },
  routes: { base: '/an-toan-ve-sinh-lao-dong/kiem-dinh-vien' },
  menu: { group: 'safety', order: 22 },
});
