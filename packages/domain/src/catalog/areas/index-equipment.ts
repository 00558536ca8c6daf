import { defineCatalog, field } from '../define.ts';

/**
 * Equipment index ("danh mục máy, thiết bị"): kinds of machines and equipment, whether they fall under
 * strict occupational-safety requirements (the list of Circular 36/2019/TT-BLĐTBXH: `legalBasis`, and the period
 * the listing is in force), and the usual periodic-inspection cycle. Dated interval rules of a type
 * (DevicesTestedForSafety) take precedence over the cycle for their period.
 */
export default defineCatalog({
  key: 'indexEquipment',
  area: 'IndexEquipment',
  plural: 'indexEquipments',
  table: 'index_equipment',
  scope: 'global',
  fields: {
    code: field.code(),
    name: field.name(),
    group: field.enum({ options: ['pressure', 'lifting', 'electrical', 'other'], required: true }),
    strictRequirement: field.boolean(),
    inspectionCycleMonths: field.number({ integer: true, min: 1, max: 120 }),
    legalBasis: field.text({ max: 500, width: 40 }),
    validFrom: field.date(),
    validTo: field.date(),
    description: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], name: ['name'] },
  list: {
    columns: [
      'code',
      'name',
      'group',
      'strictRequirement',
      'inspectionCycleMonths',
      'legalBasis',
      'validFrom',
      'validTo',
    ],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['group', 'strictRequirement'],
  search: ['code', 'name'],
  paths: { delete: 'delete-index-equipments' },
  // The news portal's list of inspected equipment kinds (/tin-tuc/thiet-bi-kiem) is the same list.
  routes: {
    base: '/thiet-bi-kiem-dinh',
    aliases: { list: '/tin-tuc/thiet-bi-kiem/danh-sach', import: '/tin-tuc/thiet-bi-kiem/them-tu-tep' },
  },
  menu: { group: 'safety', order: 20 },
});
