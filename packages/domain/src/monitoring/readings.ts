import { defineCatalog, field } from '../catalog/define.ts';
import type { CatalogDeclaration, FieldDef } from '../catalog/types.ts';
import { READING_FACTORS, VERDICTS, type ReadingFactor } from './factors.ts';

/**
 * The declaration of one factor's readings (spec §7: `ObservationMonitor/get-paging-{slug}`, `create-{slug}`, …):
 * the fields every reading has — its sample point, report, employer, job, date and the workers exposed — around
 * the factor's own values, then the verdict the server writes (read-only): whether it exceeds, the limit applied
 * and its regulation. Sorted by verdict, so exceedances come first.
 */
export function readingArea(
  factor: ReadingFactor,
  values: Record<string, FieldDef>,
  options: { list: readonly string[]; filters?: readonly string[] },
): CatalogDeclaration {
  const f = READING_FACTORS.find((x) => x.factor === factor)!;
  const label = (name: string) => `monitoring:fields.${name}`;
  const fields: Record<string, FieldDef> = {
    code: field.code({ label: label('code') }),
    reportId: field.reference({ target: 'monitoringReport', required: true, label: label('reportId') }),
    // The report's employer, whoever files the reading (set by the module's hook).
    businessId: field.employer({ label: label('businessId') }),
    position: field.name({ max: 500, label: label('position') }),
    positionId: field.reference({ target: 'position', label: label('positionId') }),
    measuredOn: field.date({ label: label('measuredOn') }),
    exposedWorkers: field.number({ integer: true, min: 0, max: 100_000, label: label('exposedWorkers') }),
    // A classification of the standards is one of this factor's rows (the server refuses another factor's).
    ...Object.fromEntries(
      Object.entries(values).map(([name, v]) => [
        name,
        v.kind === 'reference' && v.target === 'monitoringLimit' ? { ...v, filters: { factor: f.limits } } : v,
      ]),
    ),
    verdict: field.enum({
      options: VERDICTS,
      readOnly: true,
      optionLabels: 'monitoring:verdicts',
      label: label('verdict'),
    }),
    limitId: field.reference({ target: 'monitoringLimit', readOnly: true, label: label('limitId') }),
    limitText: field.text({ max: 255, readOnly: true, label: label('limitText') }),
    regulation: field.text({ max: 255, readOnly: true, label: label('regulation') }),
    note: field.longText({ label: label('note') }),
  };
  return defineCatalog({
    key: f.key,
    area: `ObservationMonitor${f.slug.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}`,
    mount: 'ObservationMonitor',
    subject: 'ObservationMonitor',
    // The report's node in the permission tree grants its readings.
    permissionNode: false,
    plural: `${f.slug}s`,
    table: f.table,
    scope: 'employer',
    texts: `monitoring:areas.${f.key}`,
    fields,
    titleField: 'position',
    codeField: 'code',
    // The organisation's sample number, unique in the employer's monitoring (numbered with the report: 2025-O-01):
    // the import matches a row to the reading it updates by it.
    unique: { code: ['code'] },
    list: {
      columns: ['code', 'position', 'businessId', 'reportId', ...options.list, 'verdict', 'limitText', 'regulation'],
      defaultSort: { field: 'verdict', order: 'asc' },
      countLimit: 10_000,
    },
    filters: ['businessId', 'reportId', 'positionId', 'verdict', 'measuredOn', ...(options.filters ?? [])],
    search: ['code', 'position'],
    exportOnly: ['verdict', 'limitText', 'regulation'],
    // The overviews read only the exceeding readings of the reports they count (and their jobs).
    indexes: { exceeding: { fields: ['reportId', 'positionId'], where: { verdict: 'exceeds' } } },
    paths: {
      list: `get-paging-${f.slug}`,
      detail: `get-by-id-${f.slug}/{id}`,
      create: `create-${f.slug}`,
      update: `update-${f.slug}`,
      delete: `delete-${f.slug}`,
      combobox: [`get-combobox-${f.slug}`],
      import: `import-${f.slug}-from-json`,
      template: `generate-template-${f.slug}`,
      export: `export-excel-${f.slug}`,
      exist: { code: `existCode-${f.slug}` },
    },
    menu: false,
  });
}

/** A classification of the standards (a task, a substance, a dust) a reading names. */
export const limitOf = (label: string, required = true) =>
  field.reference({ target: 'monitoringLimit', required, label: `monitoring:fields.${label}` });
/** A measured value. */
export const measured = (label: string, o: { required?: boolean; min?: number; max?: number } = {}) =>
  field.number({ min: 0, max: 1_000_000, ...o, label: `monitoring:fields.${label}` });

/**
 * A factor the standards may hold no row for (a workload indicator, a biological agent): what is measured (its
 * `nameField`), an optional row of the standards, the value, and the limit the monitoring organisation states it
 * applied, with its unit and basis.
 */
export function statedLimitFields(nameField: string): Record<string, FieldDef> {
  return {
    [nameField]: field.text({ max: 255, required: true, width: 28, label: `monitoring:fields.${nameField}` }),
    classId: limitOf('classId', false),
    value: measured('value', { required: true }),
    permittedValue: measured('permittedValue'),
    unit: field.text({ max: 50, label: 'monitoring:fields.unit' }),
    basis: field.text({ max: 255, label: 'monitoring:fields.basis' }),
  };
}
