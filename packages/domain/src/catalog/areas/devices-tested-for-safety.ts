import { GET_PAGING_PATHS, defineCatalog, field } from '../define.ts';

/**
 * Periodic inspection intervals of the machines and equipment with strict safety requirements (Circular
 * 36/2019/TT-BLĐTBXH's list; intervals set by each inspection procedure, Circulars 54/2016 and 12/2021), one row
 * per type and period of validity, optionally for machines older than some age (a lift older than 20 years:
 * every year). A certificate's next due date comes from the row in force on its inspection date; `verified`
 * marks the intervals checked against the procedure's own text.
 */
export default defineCatalog({
  key: 'devicesTestedForSafety',
  area: 'DevicesTestedForSafety',
  plural: 'devicesTestedForSafety',
  table: 'devices_tested_for_safety',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    indexEquipmentId: field.reference({ target: 'indexEquipment', required: true }),
    intervalMonths: field.number({ integer: true, min: 1, max: 120, required: true }),
    olderThanYears: field.number({ integer: true, min: 1, max: 100 }),
    threshold: field.text({ max: 500, width: 32 }),
    legalBasis: field.text({ max: 500, required: true, width: 40 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    verified: field.boolean(),
    note: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    columns: [
      'code',
      'name',
      'indexEquipmentId',
      'intervalMonths',
      'olderThanYears',
      'legalBasis',
      'validFrom',
      'validTo',
      'verified',
    ],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['indexEquipmentId', 'verified'],
  search: ['code', 'name', 'legalBasis'],
  paths: {
    ...GET_PAGING_PATHS,
    import: 'import-from-json',
    combobox: ['get-combobox'],
  },
  routes: { base: '/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi-kiem-dinh' },
  menu: { group: 'safety', order: 21 },
});
