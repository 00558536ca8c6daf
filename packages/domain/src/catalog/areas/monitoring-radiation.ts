import { limitOf, measured, readingArea } from '../../monitoring/readings.ts';

/** Radiation and electromagnetic-field readings (QCVN 21:2016, 25:2016/BYT): the band or quantity and the value. */
export default readingArea(
  'radiation',
  { classId: limitOf('classId'), value: measured('value', { required: true }) },
  { list: ['value'], filters: ['classId'] },
);
