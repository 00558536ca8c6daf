import { defineCatalog, field } from '../catalog/define.ts';
import { excelColumnsOf, fieldLabelKeys } from '../catalog/resolve.ts';
import type { CatalogDeclaration, FieldDef } from '../catalog/types.ts';
import report from '../catalog/areas/monitoring-report.ts';
import climate from '../catalog/areas/monitoring-climate.ts';
import light from '../catalog/areas/monitoring-light.ts';
import noise from '../catalog/areas/monitoring-noise.ts';
import vibration from '../catalog/areas/monitoring-vibration.ts';
import dust from '../catalog/areas/monitoring-dust.ts';
import chemical from '../catalog/areas/monitoring-chemical.ts';
import radiation from '../catalog/areas/monitoring-radiation.ts';
import job from '../catalog/areas/monitoring-job.ts';
import other from '../catalog/areas/monitoring-other.ts';
import { READING_FACTOR_NAMES } from './factors.ts';

/** The kinds of row of the organisation's file: the report, then readings of each factor. */
export const FILE_ROW_KINDS = ['report', ...READING_FACTOR_NAMES] as const;

const PARTS: readonly CatalogDeclaration[] = [
  report,
  climate,
  light,
  noise,
  vibration,
  dust,
  chemical,
  radiation,
  job,
  other,
];

/**
 * The monitoring organisation's whole file (spec §7 `import-observation-monitor-from-json`) as one catalogue
 * declaration, so the catalogue's template and import page serve it unchanged: a `factor` column naming what a
 * row is (the report, or a reading of one factor), then the Excel columns of the report and of every factor's
 * readings, one column per field name. A name several parts share (`code`: the report's number or the sample's)
 * under different labels takes the file's own. Nothing is required here: each row is checked by its own area on the server.
 * Not an area of its own (no table, no pages): the monitoring module serves its template and import.
 */
function fileFields(): Record<string, FieldDef> {
  // The label keys each name has across the parts: more than one, and the column takes the file's own.
  const labels = new Map<string, Set<string>>();
  for (const d of PARTS)
    for (const name of excelColumnsOf(d))
      labels.set(name, (labels.get(name) ?? new Set()).add(fieldLabelKeys(d, name)[0]!));
  const fields: Record<string, FieldDef> = {
    factor: field.enum({
      options: FILE_ROW_KINDS,
      required: true,
      optionLabels: 'monitoring:readingFactors',
      label: 'monitoring:file.fields.factor',
    }),
  };
  for (const d of PARTS) {
    for (const name of excelColumnsOf(d)) {
      // A reading's employer is its report's. A reading names its report by number (the file's own label says so).
      if (name in fields || (d !== report && name === 'businessId')) continue;
      const { refine: _r, check: _c, label: _l, ...f } = d.fields[name]!;
      const label =
        labels.get(name)!.size > 1 || name === 'reportId'
          ? `monitoring:file.fields.${name}`
          : fieldLabelKeys(d, name)[0]!;
      fields[name] = { ...f, required: false, label } as FieldDef;
    }
  }
  return fields;
}

export const monitoringFile = defineCatalog({
  key: 'monitoringFile',
  area: 'ObservationMonitor',
  plural: 'observationMonitorFiles',
  table: 'monitoring_report',
  scope: 'employer',
  texts: 'monitoring:file',
  fields: fileFields(),
  titleField: 'code',
  codeField: 'code',
  list: { columns: ['factor', 'code'], defaultSort: { field: 'code', order: 'asc' } },
  search: ['code'],
  paths: {
    import: 'import-observation-monitor-from-json',
    template: 'generate-template-observation-monitor',
  },
  routes: { base: '/an-toan-ve-sinh-lao-dong/quang-trac-moi-truong', detail: false },
  menu: false,
});
