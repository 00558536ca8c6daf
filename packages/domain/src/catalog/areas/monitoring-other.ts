import { field } from '../define.ts';
import { limitOf, measured, readingArea } from '../../monitoring/readings.ts';

/** Readings of other factors (biological agents, pressure, …): named, with a standards row or a stated limit. */
export default readingArea(
  'other',
  {
    factorName: field.text({ max: 255, required: true, width: 28, label: 'monitoring:fields.factorName' }),
    classId: limitOf('classId', false),
    value: measured('value', { required: true }),
    permittedValue: measured('permittedValue'),
    unit: field.text({ max: 50, label: 'monitoring:fields.unit' }),
    basis: field.text({ max: 255, label: 'monitoring:fields.basis' }),
  },
  { list: ['factorName', 'value', 'unit'] },
);
