import { limitOf, measured, readingArea } from '../../monitoring/readings.ts';

/** Lighting readings: maintained illuminance against the minimum of the task (QCVN 22:2016/BYT). */
export default readingArea(
  'light',
  { taskId: limitOf('taskId'), illuminance: measured('illuminance', { required: true }) },
  { list: ['illuminance'], filters: ['taskId'] },
);
