import { field } from '../define.ts';
import { limitOf, measured, readingArea } from '../../monitoring/readings.ts';

/** Vibration readings, hand-arm or whole-body (QCVN 27:2016/BYT; its limits are kept as data to verify). */
export default readingArea(
  'vibration',
  {
    kind: field.enum({
      options: ['handArm', 'wholeBody'],
      required: true,
      optionLabels: 'monitoring:vibrationKinds',
      label: 'monitoring:fields.vibrationKind',
    }),
    classId: limitOf('classId', false),
    acceleration: measured('acceleration', { required: true }),
  },
  { list: ['kind', 'acceleration'], filters: ['kind', 'classId'] },
);
