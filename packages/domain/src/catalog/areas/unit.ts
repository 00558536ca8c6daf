import { defineCatalog, field } from '../define.ts';

/**
 * Organisational units (the department, communes, employers, service centres, training bodies): the accounts
 * module's `unit` table, kept by its own pages. Declared as a lookup so that users (and other areas) refer to a
 * unit by its code or name on import and show its name in lists.
 */
export default defineCatalog({
  key: 'unit',
  area: 'Unit',
  plural: 'units',
  table: 'unit',
  existingTable: true,
  lookup: { softDelete: true },
  // Seen as the unit scope sees units: an employer its own, a commune those in it, the department all.
  scope: 'unit',
  texts: 'accounts:areas.unit',
  fields: {
    code: field.text({ max: 50, width: 16 }),
    name: field.name(),
  },
  titleField: 'name',
  codeField: 'code',
  list: { columns: ['code', 'name'], defaultSort: { field: 'name', order: 'asc' } },
  search: ['code', 'name'],
  menu: false,
});
