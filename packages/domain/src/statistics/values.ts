/**
 * The fixed lists the statistics break figures down by and the worker register records (no schema library here:
 * the catalogue's area declarations import them).
 */

/** Age bands (years completed in the statistic's year). */
export const AGE_BANDS = ['15-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
/** Education levels of the worker register (general education and qualifications). */
export const EDUCATION_LEVELS = [
  'none',
  'primary',
  'lowerSecondary',
  'upperSecondary',
  'vocational',
  'college',
  'university',
  'postgraduate',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
/** Monthly income bands (million VND). */
export const INCOME_BANDS = ['lt5', '5to10', '10to15', '15to20', '20to30', 'gte30'] as const;
export type IncomeBand = (typeof INCOME_BANDS)[number];
/** Working abroad: under a contract now, returned, or never. */
export const ABROAD_STATUSES = ['none', 'abroad', 'returned'] as const;
export type AbroadStatus = (typeof ABROAD_STATUSES)[number];
