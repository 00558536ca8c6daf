import { AUTHORITY_UNITS, registerMenuItems } from '../../menu.ts';
import { STATISTICS_PATHS } from './index.ts';

/** The department's and communes' summary of the employers' accident statistics, beside the reports' list. */
registerMenuItems('accidents', {
  path: STATISTICS_PATHS.summary,
  permission: 'AccidentStatistical.read',
  units: AUTHORITY_UNITS,
  // Right after the reports' list (a catalogue entry: 1000 + its menu order 30).
  order: 1031,
});
