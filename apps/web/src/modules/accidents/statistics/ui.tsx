import type { StatisticsFigures, StatisticsStatus } from '@portal/domain/accidents/statistics/index';
import { displayCount, displayMoney } from '../../../platform/format.ts';

/** Small pieces the statistics pages share. */

/**
 * The Appendix XII columns the pages show (the report's and the department's tables), fitting 1366 px without
 * scrolling sideways; the several-victims and not-under-management counts are in the PDF.
 */
export const SUMMARY_COLUMNS = [
  'accidents',
  'fatalAccidents',
  'victims',
  'femaleVictims',
  'deaths',
  'seriousInjuries',
  'daysOff',
  'totalCost',
  'propertyDamage',
] as const satisfies readonly (keyof StatisticsFigures)[];

export const STATUS_COLOR: Record<StatisticsStatus, string> = {
  draft: 'default',
  submitted: 'success',
  returned: 'warning',
};

export const count = (n: number) => displayCount(n);
/** Amounts in đồng, grouped the Vietnamese way. */
export const money = (n: number) => displayMoney(n);

export function figureCell(key: keyof StatisticsFigures, value: number): string {
  return key === 'totalCost' || key === 'propertyDamage' ? displayCount(value) : count(value);
}
