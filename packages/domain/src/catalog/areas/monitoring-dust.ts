import { limitOf, measured, readingArea } from '../../monitoring/readings.ts';

/** Dust readings: the kind of dust and its concentration (QCVN 02:2019/BYT). */
export default readingArea(
  'dust',
  { dustTypeId: limitOf('dustTypeId'), concentration: measured('concentration', { required: true }) },
  { list: ['concentration'], filters: ['dustTypeId'] },
);
