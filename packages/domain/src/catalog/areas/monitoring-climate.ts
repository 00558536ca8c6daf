import { field } from '../define.ts';
import { WORK_CATEGORIES } from '../../monitoring/factors.ts';
import { measured, readingArea } from '../../monitoring/readings.ts';

/** Microclimate readings: temperature, humidity and air speed, judged by the work category (QCVN 26:2016/BYT). */
export default readingArea(
  'climate',
  {
    workCategory: field.enum({
      options: WORK_CATEGORIES,
      required: true,
      optionLabels: 'monitoring:workCategories',
      label: 'monitoring:fields.workCategory',
    }),
    temperature: field.number({ min: -50, max: 100, label: 'monitoring:fields.temperature' }),
    humidity: measured('humidity', { max: 100 }),
    airSpeed: measured('airSpeed', { max: 100 }),
  },
  { list: ['workCategory', 'temperature', 'humidity', 'airSpeed'], filters: ['workCategory'] },
);
