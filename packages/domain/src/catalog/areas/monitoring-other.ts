import { readingArea, statedLimitFields } from '../../monitoring/readings.ts';

/** Readings of other factors (biological agents, pressure, …): named, with a standards row or a stated limit. */
export default readingArea('other', statedLimitFields('factorName'), { list: ['factorName', 'value', 'unit'] });
