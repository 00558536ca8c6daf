import { limitOf, measured, readingArea } from '../../monitoring/readings.ts';

/** Chemical readings: the substance, its time-weighted average and short-term value (QCVN 03:2019, 01:2025/BYT). */
export default readingArea(
  'chemical',
  { substanceId: limitOf('substanceId'), twa: measured('twa'), stel: measured('stel') },
  { list: ['twa', 'stel'], filters: ['substanceId'] },
);
