import { field } from '../define.ts';
import { limitOf, measured, readingArea } from '../../monitoring/readings.ts';

/**
 * Workload and ergonomic readings of a job (Decree 44/2016 Art 35 for heavy, hazardous work): an indicator, its
 * value, and the limit — a row of the standards, or the one the monitoring organisation states with its basis.
 */
export default readingArea(
  'job',
  {
    indicator: field.text({ max: 255, required: true, width: 28, label: 'monitoring:fields.indicator' }),
    classId: limitOf('classId', false),
    value: measured('value', { required: true }),
    permittedValue: measured('permittedValue'),
    unit: field.text({ max: 50, label: 'monitoring:fields.unit' }),
    basis: field.text({ max: 255, label: 'monitoring:fields.basis' }),
  },
  { list: ['indicator', 'value', 'unit'] },
);
