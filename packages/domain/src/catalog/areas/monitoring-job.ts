import { readingArea, statedLimitFields } from '../../monitoring/readings.ts';

/**
 * Workload and ergonomic readings of a job (Decree 44/2016 Art 35 for heavy, hazardous work): an indicator, its
 * value, and the limit — a row of the standards, or the one the monitoring organisation states with its basis.
 */
export default readingArea('job', statedLimitFields('indicator'), { list: ['indicator', 'value', 'unit'] });
