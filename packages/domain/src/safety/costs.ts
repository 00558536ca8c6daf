/**
 * Compensation in kind (Law 84/2015 Art 24; Circular 24/2022/TT-BLĐTBXH) and an employer's yearly OSH costs: the
 * option lists shared by the catalogue declarations, the API's rules and the tests. The amounts per level are not
 * here: they are dated reference rows (catalogue area CompensationLevel), corrected without a release.
 */

/** How the compensation is given: in kind, or — in the cases the circular allows — its value in money. */
export const COMPENSATION_FORMS = ['inKind', 'money'] as const;
export type CompensationForm = (typeof COMPENSATION_FORMS)[number];

/** The cost items of the yearly OSH plan and report, one amount per employer, year and item. */
export const SAFETY_COST_ITEMS = [
  'technicalMeasures',
  'ppe',
  'training',
  'healthCheck',
  'monitoring',
  'compensationInKind',
  'accidentInsurance',
  'accidentCosts',
  'other',
] as const;
export type SafetyCostItem = (typeof SAFETY_COST_ITEMS)[number];

/** The first year the portal keeps records of; the latest is next year (a plan filed ahead). */
export const FIRST_RECORD_YEAR = 2000;

/** Whether a record's year is plausible on `today` ('YYYY-MM-DD'): from 2000 to next year. */
export function recordYearInRange(year: number, today: string): boolean {
  return year >= FIRST_RECORD_YEAR && year <= Number(today.slice(0, 4)) + 1;
}
