import { defineCatalog, field } from '../../catalog/define.ts';
import { STATISTICS_PATHS } from './index.ts';

/**
 * The two spreadsheets of accident statistics, declared like catalogue areas so the catalogue's template builder
 * and import page serve them unchanged (not areas of their own: no table sync, no pages, no menu; the statistics
 * module serves their calls):
 * - a report's worker list (the victims of its accidents, spec §7 "export GET with accidentStatisticalId"): the
 *   employer completes each victim's losses and imports it back (the accident-injury import), matched by the
 *   accident's receipt number and the victim's name;
 * - a specialised summary report's lines, one per facility-type title, for one report (and one classification).
 */
const count = (label: string) => field.number({ integer: true, min: 0, max: 1_000_000, label });
const money = (label: string) => field.number({ integer: true, min: 0, max: 1_000_000_000_000_000, label });

export const injuryFile = defineCatalog({
  key: 'accidentInjuryFile',
  area: 'AccidentStatistical',
  plural: 'accidentInjuries',
  table: 'accident_statistical_victim',
  scope: 'employer',
  texts: 'accidents:statistics.injuryFile',
  fields: {
    accidentStatisticalId: field.text({ max: 40 }),
    accidentCode: field.text({ required: true, max: 50, width: 22 }),
    occurredOn: field.date(),
    fullName: field.text({ required: true, max: 200, width: 28 }),
    occupation: field.text({ max: 255, width: 24 }),
    severity: field.text({ max: 50, width: 16 }),
    daysOff: field.number({ integer: true, min: 0, max: 100_000 }),
    medicalCost: money('accidents:statistics.injuryFile.fields.medicalCost'),
    wageCost: money('accidents:statistics.injuryFile.fields.wageCost'),
    compensationCost: money('accidents:statistics.injuryFile.fields.compensationCost'),
  },
  titleField: 'fullName',
  list: { columns: ['accidentCode', 'fullName'], defaultSort: { field: 'accidentCode', order: 'asc' } },
  search: ['fullName'],
  excel: [
    'accidentCode',
    'occurredOn',
    'fullName',
    'occupation',
    'severity',
    'daysOff',
    'medicalCost',
    'wageCost',
    'compensationCost',
  ],
  importPresets: ['accidentStatisticalId'],
  paths: { import: 'import-accident-injury-from-json', template: 'generate-template-accident-injury' },
  routes: { base: STATISTICS_PATHS.base, detail: false },
  menu: false,
});

export const specializeLineFile = defineCatalog({
  key: 'accidentSpecializeLineFile',
  area: 'AccidentSpecializeReport',
  plural: 'accidentSpecializeLines',
  table: 'accident_specialize_line',
  scope: 'global',
  texts: 'accidents:statistics.lineFile',
  fields: {
    reportId: field.text({ max: 40 }),
    facilityTypeId: field.text({ max: 40 }),
    titleCode: field.text({ required: true, max: 50, width: 16 }),
    titleName: field.text({ max: 500, width: 36 }),
    accidents: count('accidents:statistics.figures.accidents'),
    fatalAccidents: count('accidents:statistics.figures.fatalAccidents'),
    victims: count('accidents:statistics.figures.victims'),
    deaths: count('accidents:statistics.figures.deaths'),
    seriousInjuries: count('accidents:statistics.figures.seriousInjuries'),
    daysOff: count('accidents:statistics.figures.daysOff'),
    totalCost: money('accidents:statistics.figures.totalCost'),
    propertyDamage: money('accidents:statistics.figures.propertyDamage'),
    note: field.longText(),
  },
  titleField: 'titleCode',
  list: { columns: ['titleCode', 'titleName'], defaultSort: { field: 'titleCode', order: 'asc' } },
  search: ['titleCode'],
  excel: [
    'titleCode',
    'titleName',
    'accidents',
    'fatalAccidents',
    'victims',
    'deaths',
    'seriousInjuries',
    'daysOff',
    'totalCost',
    'propertyDamage',
    'note',
  ],
  importPresets: ['reportId', 'facilityTypeId'],
  paths: { import: 'import-line-from-json', template: 'generate-template-line' },
  routes: { base: STATISTICS_PATHS.specializeBase, detail: false },
  menu: false,
});
