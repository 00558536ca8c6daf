import { field } from '../define.ts';
import { measured, readingArea } from '../../monitoring/readings.ts';

/** Noise readings: LAeq over the exposure time and the peak level (QCVN 24:2016/BYT, 3 dB exchange rate). */
export default readingArea(
  'noise',
  {
    laeq: measured('laeq', { required: true, max: 200 }),
    exposureMinutes: field.number({
      integer: true,
      min: 1,
      max: 1440,
      required: true,
      label: 'monitoring:fields.exposureMinutes',
    }),
    peak: measured('peak', { max: 200 }),
  },
  { list: ['laeq', 'exposureMinutes', 'peak'] },
);
