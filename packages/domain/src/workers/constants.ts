/**
 * Constants of the workers domain, shared by the API, the web and the area declarations. Plain data: the web
 * reads them without pulling in any validation code.
 */

/** Sex as the citizen ID records it. */
export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

/**
 * Working forms ("hình thức làm việc", spec: get-combobox-working-form): full time, part time (Labour Code 2019
 * art. 32), seasonal or for a specific job, and remote work.
 */
export const WORKING_FORMS = ['fullTime', 'partTime', 'seasonal', 'remote'] as const;
export type WorkingForm = (typeof WORKING_FORMS)[number];

/**
 * Nationalities offered for workers: the ISO 3166-1 alpha-2 codes of the portal's country list (Viet Nam, the
 * countries most foreign workers come from, and other frequent partners). Names are in the `workers` locale
 * (`countries.{code}`); a test keeps this list in step with the API's reference table.
 */
export const NATIONALITIES = [
  'VN',
  'CN',
  'KR',
  'KP',
  'JP',
  'TW',
  'HK',
  'MO',
  'TH',
  'LA',
  'KH',
  'MM',
  'MY',
  'SG',
  'ID',
  'PH',
  'BN',
  'TL',
  'IN',
  'PK',
  'BD',
  'NP',
  'LK',
  'MN',
  'KZ',
  'UZ',
  'TR',
  'IL',
  'AE',
  'SA',
  'QA',
  'KW',
  'IR',
  'RU',
  'UA',
  'BY',
  'GB',
  'IE',
  'FR',
  'DE',
  'IT',
  'ES',
  'PT',
  'NL',
  'BE',
  'CH',
  'AT',
  'SE',
  'NO',
  'DK',
  'FI',
  'PL',
  'CZ',
  'SK',
  'HU',
  'RO',
  'BG',
  'GR',
  'US',
  'CA',
  'MX',
  'CU',
  'BR',
  'AR',
  'CL',
  'CO',
  'PE',
  'EG',
  'MA',
  'DZ',
  'NG',
  'KE',
  'ZA',
  'AU',
  'NZ',
] as const;
export type Nationality = (typeof NATIONALITIES)[number];
export const HOME_NATIONALITY: Nationality = 'VN';

/** A citizen ID (CCCD) has 12 digits: province of birth (3), century and sex (1), birth year (2), serial (6). */
export const CITIZEN_ID_DIGITS = 12;

/** Periods of the employers' labour report (Decree 145/2020 art. 4): first half year, whole year. */
export const REPORT_PERIODS = ['firstHalf', 'wholeYear'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const DISEASE_STATUSES = ['underTreatment', 'stable', 'recovered', 'deceased'] as const;
export const JOB_LOSS_REASONS = ['contractEnded', 'dismissed', 'restructuring', 'resigned', 'other'] as const;
export const UNEMPLOYED_STATUSES = ['seeking', 'inTraining', 'employed'] as const;
export const BENEFIT_STATUSES = ['approved', 'paying', 'suspended', 'ended'] as const;
export const JOB_TRAINING_RESULTS = ['studying', 'completed', 'dropped'] as const;
