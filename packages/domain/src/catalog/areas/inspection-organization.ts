import { defineCatalog, field } from '../define.ts';

/**
 * Inspection organisations (tổ chức kiểm định) accredited to inspect machines with strict safety requirements:
 * the accreditation number, its validity and the equipment types it covers (codes of the equipment index).
 * Listed publicly; a certificate from an organisation outside its accreditation is refused.
 */
export default defineCatalog({
  key: 'inspectionOrganization',
  area: 'InspectionOrganization',
  plural: 'inspectionOrganizations',
  table: 'inspection_organization',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    accreditationNumber: field.text({ max: 100, required: true, width: 20, sample: (tag, n) => `${tag}-KĐ-${n}` }),
    validFrom: field.date({ required: true }),
    validTo: field.date({ required: true }),
    equipmentTypes: field.text({ max: 1000, required: true, width: 32, sample: () => 'TB11, TB12' }),
    address: field.text({ max: 500, width: 40 }),
    phone: field.text({ max: 30, width: 16 }),
    email: field.text({ max: 255, width: 24 }),
    file: field.file({ accept: '.pdf,.jpg,.jpeg,.png' }),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], accreditation: ['accreditationNumber'] },
  list: {
    columns: ['code', 'name', 'accreditationNumber', 'validFrom', 'validTo', 'equipmentTypes'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  filters: ['validTo'],
  search: ['code', 'name', 'accreditationNumber'],
  // Those accredited for a machine's type on a date: a certificate's picker.
  optionParams: { equipmentId: 'id', on: 'date' },
  routes: { base: '/an-toan-ve-sinh-lao-dong/to-chuc-kiem-dinh' },
  menu: { group: 'safety', order: 23 },
});
