import { defineCatalog, field } from '../define.ts';
import { STATISTICS_PERIODS } from '../../accidents/statistics/index.ts';

/**
 * The department's specialised accident summary report ("báo cáo tổng hợp tai nạn lao động chuyên ngành"): the
 * accidents of a sector that reports under its specialised law (Law 84/2015 Art 34.1.c) for a six-month period or a
 * year. Its lines — one per facility-type title, grouped by classification — are kept and imported by the
 * statistics module, which also prints it as a PDF.
 */
export default defineCatalog({
  key: 'accidentSpecializeReport',
  area: 'AccidentSpecializeReport',
  plural: 'accidentSpecializeReports',
  table: 'accident_specialize_report',
  scope: 'global',
  texts: 'accidents:statistics.areas.accidentSpecializeReport',
  fields: {
    code: field.code(),
    name: field.name({ max: 500 }),
    typeId: field.reference({ target: 'accidentSpecializeType', required: true }),
    year: field.year({ required: true }),
    period: field.enum({
      options: STATISTICS_PERIODS,
      required: true,
      optionLabels: 'accidents:statistics.areas.accidentStatistical.options.period',
    }),
    reportedOn: field.date(),
    source: field.text({ max: 500, width: 40 }),
    note: field.longText(),
  },
  titleField: 'name',
  codeField: 'code',
  unique: { code: ['code'], period: ['typeId', 'year', 'period'] },
  list: {
    columns: ['code', 'name', 'typeId', 'year', 'period', 'reportedOn'],
    defaultSort: { field: 'year', order: 'desc' },
  },
  filters: ['typeId', 'year', 'period'],
  search: ['code', 'name'],
  paths: { import: 'import-accident-specialize-report-from-json' },
  // The report's page (its lines by facility type, the imports of lines, the PDF) is the statistics module's own.
  routes: {
    base: '/an-toan-ve-sinh-lao-dong/bao-cao-tong-hop-tai-nan-lao-dong-chuyen-nganh',
    create: 'tao-moi',
    import: false,
    detail: false,
    own: ['edit'],
  },
  menu: { group: 'accidents', order: 40 },
});
