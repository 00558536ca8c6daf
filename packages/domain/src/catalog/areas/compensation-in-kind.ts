import { GET_PAGING_PATHS, defineCatalog, field } from '../define.ts';
import { COMPENSATION_FORMS } from '../../safety/costs.ts';

/**
 * Compensation in kind ("bồi dưỡng bằng hiện vật", Law 84/2015 Art 24; Circular 24/2022/TT-BLĐTBXH): per employer,
 * year and job in heavy, hazardous or dangerous conditions, the hazard, the level, how many workers for how many
 * shifts, and what is given (milk, sugar, eggs, fruit…). The amount per shift and the total are the server's
 * (the level's row in force on 1 January of the year × workers × shifts), never typed in.
 */
export default defineCatalog({
  key: 'compensationInKind',
  area: 'CompensationInKind',
  plural: 'compensationInKinds',
  table: 'compensation_in_kind',
  scope: 'employer',
  fields: {
    code: field.code(),
    // Forced to an employer user's own; the department and communes choose it (required by the module's hook).
    businessId: field.employer(),
    year: field.year({ required: true }),
    job: field.text({ max: 500, required: true, width: 40 }),
    hazard: field.text({ max: 500, width: 32 }),
    levelId: field.reference({ target: 'compensationLevel', required: true }),
    workerCount: field.number({ integer: true, min: 0, max: 1_000_000, required: true }),
    shiftsPerWorker: field.number({ integer: true, min: 0, max: 1000, required: true }),
    item: field.text({ max: 255, required: true, width: 28 }),
    form: field.enum({ options: COMPENSATION_FORMS, required: true }),
    // Set by the module's hook from the level in force (read-only: never written by clients).
    amountPerShift: field.number({ integer: true, min: 0, readOnly: true }),
    totalAmount: field.number({ integer: true, min: 0, readOnly: true }),
    note: field.longText(),
  },
  titleField: 'job',
  codeField: 'code',
  // One row per job and year of an employer (unique keys of an employer area hold per employer).
  unique: { code: ['code'], job: ['job', 'year'] },
  list: {
    columns: [
      'code',
      'job',
      'businessId',
      'year',
      'levelId',
      'workerCount',
      'shiftsPerWorker',
      'item',
      'amountPerShift',
      'totalAmount',
    ],
    defaultSort: { field: 'year', order: 'desc' },
    countLimit: 10_000,
  },
  filters: ['businessId', 'year', 'levelId', 'form'],
  search: ['code', 'job', 'hazard', 'item'],
  exportOnly: ['amountPerShift', 'totalAmount'],
  paths: { ...GET_PAGING_PATHS, import: 'import-from-json' },
  routes: { base: '/an-toan-ve-sinh-lao-dong/boi-duong-hien-vat' },
  menu: { group: 'safety', order: 66 },
});
