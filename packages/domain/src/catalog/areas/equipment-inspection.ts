import { defineCatalog, field } from '../define.ts';

/**
 * Inspection certificates (giấy chứng nhận kết quả kiểm định) of the machines: who inspected, what kind of
 * inspection, the result, the certificate's and stamp's numbers, and the next due date — the one the certificate
 * states, else the inspection date plus the interval in force for the machine's type (`dueDate`, read-only).
 * The machine's employer owns them; the department and communes see those in their scope.
 */
export default defineCatalog({
  key: 'equipmentInspection',
  area: 'EquipmentInspection',
  plural: 'equipmentInspections',
  table: 'equipment_inspection',
  scope: 'employer',
  texts: 'equipment:areas.equipmentInspection',
  fields: {
    certificateNumber: field.text({ max: 100, code: true, required: true, width: 20 }),
    businessId: field.employer(),
    equipmentId: field.reference({ target: 'equipment', required: true }),
    // Only those accredited for the machine's type on the inspection date (and the inspector of the organisation).
    organizationId: field.reference({
      target: 'inspectionOrganization',
      required: true,
      dependsOn: { equipmentId: 'equipmentId', on: 'inspectionDate' },
    }),
    inspectorId: field.reference({
      target: 'inspector',
      required: true,
      dependsOn: { equipmentId: 'equipmentId', on: 'inspectionDate', organizationId: 'organizationId' },
    }),
    kind: field.enum({ options: ['first', 'periodic', 'unscheduled'], required: true }),
    inspectionDate: field.date({ required: true }),
    result: field.enum({ options: ['pass', 'fail'], required: true }),
    stampNumber: field.text({ max: 100, width: 16 }),
    statedDueDate: field.date(),
    dueDate: field.date({ readOnly: true }),
    file: field.file({ accept: '.pdf,.jpg,.jpeg,.png' }),
    note: field.longText(),
  },
  titleField: 'certificateNumber',
  codeField: 'certificateNumber',
  // Numbers carry their organisation's prefix: one number names one certificate in the province.
  unique: { certificate: ['certificateNumber'] },
  globalUnique: ['certificate'],
  list: {
    columns: [
      'certificateNumber',
      'equipmentId',
      'businessId',
      'organizationId',
      'inspectorId',
      'kind',
      'inspectionDate',
      'result',
      'dueDate',
    ],
    defaultSort: { field: 'inspectionDate', order: 'desc' },
    countLimit: 10_000,
  },
  filters: [
    'businessId',
    'equipmentId',
    'organizationId',
    'kind',
    'result',
    'inspectionDate',
    'certificateNumber',
    'stampNumber',
  ],
  search: ['certificateNumber', 'stampNumber'],
  paths: { delete: 'delete-equipment-inspections', import: 'import-equipment-inspection-from-json' },
  routes: {
    base: '/kiem-dinh-thiet-bi',
    create: 'them-kiem-dinh-thiet-bi',
    edit: 'cap-nhat-kiem-dinh-thiet-bi/{id}',
    aliases: { list: '/an-toan-ve-sinh-lao-dong/kiem-dinh-an-toan-lao-dong/danh-sach' },
  },
  menu: { group: 'safety', order: 25 },
});
