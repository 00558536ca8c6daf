import { GET_PAGING_PATHS, defineCatalog, field } from '../define.ts';
import { LIMIT_FACTORS, LIMIT_PARAMETERS, STANDARD_PAGE_SLUGS, WORK_CATEGORIES } from '../../monitoring/factors.ts';

const BASE = '/an-toan-ve-sinh-lao-dong/quy-chuan-quoc-gia';

/**
 * The limits of the national technical regulations (the spec's level menus, `MenuObservationMonitor`): per
 * factor, per substance, task, dust or work category, per exposure time, with units — data with their regulation
 * and validity dates, corrected by the department without a release. The rows of one limit over time share a
 * `rule`; a reading is judged by the row in force on its date. `verified` is false for values the regulation's
 * text has not been checked for (no value: nothing is judged by the row until the department fills it).
 */
export default defineCatalog({
  key: 'monitoringLimit',
  area: 'MenuObservationMonitor',
  plural: 'menuObservationMonitors',
  table: 'monitoring_limit',
  scope: 'global',
  texts: 'monitoring:areas.monitoringLimit',
  fields: {
    code: field.code(),
    rule: field.text({ max: 80, code: true, required: true, width: 28 }),
    name: field.name({ max: 500 }),
    factor: field.enum({ options: LIMIT_FACTORS, required: true, optionLabels: 'monitoring:limitFactors' }),
    // The area a lighting task belongs to (offices, warehouses): the light tree's branches.
    section: field.text({ max: 255, width: 24 }),
    regulationId: field.reference({ target: 'monitoringRegulation', required: true }),
    parameter: field.enum({ options: LIMIT_PARAMETERS, required: true, optionLabels: 'monitoring:parameters' }),
    workCategory: field.enum({ options: WORK_CATEGORIES, optionLabels: 'monitoring:workCategories' }),
    exposureMinutes: field.number({ min: 0, max: 1440 }),
    minValue: field.number({ min: -1000, max: 1_000_000 }),
    maxValue: field.number({ min: -1000, max: 1_000_000 }),
    stelValue: field.number({ min: 0, max: 1_000_000 }),
    exchangeRate: field.number({ min: 0, max: 10 }),
    unit: field.text({ max: 30, required: true, width: 10 }),
    casNumber: field.text({ max: 30, width: 12 }),
    validFrom: field.date({ required: true }),
    validTo: field.date(),
    verified: field.boolean(),
    note: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'] },
  list: {
    // The limit itself first (value, unit, regulation): the columns after them fold into a row's details first
    // on an office screen.
    columns: [
      'code',
      'name',
      'maxValue',
      'minValue',
      'unit',
      'regulationId',
      'factor',
      'exposureMinutes',
      'stelValue',
      'workCategory',
      'parameter',
      'section',
      'validFrom',
      'validTo',
      'verified',
    ],
    defaultSort: { field: 'code', order: 'asc' },
  },
  filters: ['factor', 'parameter', 'regulationId', 'workCategory', 'rule', 'section', 'verified', 'validFrom'],
  search: ['code', 'name', 'rule', 'section'],
  paths: {
    ...GET_PAGING_PATHS,
    combobox: ['get-combobox'],
    import: 'import-menu-observation-monitor-from-json',
  },
  routes: { base: BASE, detail: false },
  // One page per factor (`quy-chuan-quoc-gia/bui`, `/{type}`); the menu opens the first, the page's tabs the others.
  views: LIMIT_FACTORS.map((factor) => ({
    key: factor,
    routes: { base: `${BASE}/${STANDARD_PAGE_SLUGS[factor]}`, list: `${BASE}/${STANDARD_PAGE_SLUGS[factor]}` },
    fixed: { factor },
    menu: factor === 'dust' ? { order: 1 } : (false as const),
  })),
  menu: { group: 'safety', order: 61 },
});
