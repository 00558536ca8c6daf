/**
 * Working-environment monitoring (Law 84/2015 Art 18): the factors readings are taken of, the classifications
 * the national technical regulations (QCVN) set limits by, and the web paths. Plain data, shared by the API's
 * catalogue declarations, its judgement and the web pages.
 */

/**
 * Factors the national standards classify limits by (the spec's level menus of `MenuObservationMonitor`):
 * microclimate (`temperature`), lighting, noise, vibration, dust, chemicals, ionising radiation, electromagnetic
 * fields (`magnetic`) and other factors (ergonomic and workload indicators among them).
 */
export const LIMIT_FACTORS = [
  'temperature',
  'light',
  'noise',
  'vibration',
  'dust',
  'chemistry',
  'radiation',
  'magnetic',
  'other',
] as const;
export type LimitFactor = (typeof LIMIT_FACTORS)[number];

/** The quantity a limit bounds. */
export const LIMIT_PARAMETERS = [
  'temperature',
  'humidity',
  'airSpeed',
  'illuminance',
  'laeq',
  'peak',
  'acceleration',
  'concentration',
  'twa',
  'electricField',
  'magneticField',
  'powerDensity',
  'dose',
  'indicator',
] as const;
export type LimitParameter = (typeof LIMIT_PARAMETERS)[number];

/** Work categories of QCVN 26:2016/BYT (microclimate limits depend on them). */
export const WORK_CATEGORIES = ['light', 'medium', 'heavy'] as const;
export type WorkCategory = (typeof WORK_CATEGORIES)[number];

/** What a reading is found to be against the limits in force on its date. */
export const VERDICTS = ['exceeds', 'pass', 'noLimit'] as const;
export type VerdictKind = (typeof VERDICTS)[number];

/** Where the employer stands with its measures after exceedances (`none`: nothing exceeded). */
export const MEASURE_STATUSES = ['none', 'required', 'done'] as const;
export type MeasureStatus = (typeof MEASURE_STATUSES)[number];

/**
 * The nine reading sub-resources of `ObservationMonitor` (spec §7): `slug` is the spec's spelling in the paths
 * (`get-paging-{slug}`, `create-{slug}`, …), `key` the catalogue area, `table` its table, `limits` the factors
 * of the standards its readings are judged by.
 */
export const READING_FACTORS = [
  {
    factor: 'climate',
    slug: 'climate',
    key: 'monitoringClimate',
    table: 'monitoring_climate',
    limits: ['temperature'],
  },
  { factor: 'light', slug: 'light', key: 'monitoringLight', table: 'monitoring_light', limits: ['light'] },
  { factor: 'noise', slug: 'noise', key: 'monitoringNoise', table: 'monitoring_noise', limits: ['noise'] },
  {
    factor: 'vibration',
    slug: 'vibrate',
    key: 'monitoringVibration',
    table: 'monitoring_vibration',
    limits: ['vibration'],
  },
  { factor: 'dust', slug: 'dust', key: 'monitoringDust', table: 'monitoring_dust', limits: ['dust'] },
  {
    factor: 'chemical',
    slug: 'poison',
    key: 'monitoringChemical',
    table: 'monitoring_chemical',
    limits: ['chemistry'],
  },
  {
    factor: 'radiation',
    slug: 'radation',
    key: 'monitoringRadiation',
    table: 'monitoring_radiation',
    limits: ['radiation', 'magnetic'],
  },
  { factor: 'job', slug: 'job', key: 'monitoringJob', table: 'monitoring_job', limits: ['other'] },
  {
    factor: 'other',
    slug: 'another-factor',
    key: 'monitoringOther',
    table: 'monitoring_other',
    limits: ['other', 'magnetic', 'radiation'],
  },
] as const satisfies readonly {
  factor: string;
  slug: string;
  key: string;
  table: string;
  limits: readonly LimitFactor[];
}[];
export type ReadingFactor = (typeof READING_FACTORS)[number]['factor'];
export const READING_FACTOR_NAMES = READING_FACTORS.map((f) => f.factor) as ReadingFactor[];

export function readingFactor(factor: ReadingFactor): (typeof READING_FACTORS)[number] {
  return READING_FACTORS.find((f) => f.factor === factor)!;
}

/** Rules of the LegalDeadline area the domain reads (rows with their legal basis and validity). */
export const MONITORING_DEADLINES = {
  /** Law 84/2015 Art 18.2: monitoring at least once a year. */
  interval: 'MONITORING_INTERVAL',
  /** Time the employer has to take measures after an exceedance and measure again. */
  measures: 'MONITORING_MEASURES',
} as const;

const ATVS = '/an-toan-ve-sinh-lao-dong';

/** Web paths (the spec's Vietnamese slugs). */
export const MONITORING_PATHS = {
  reports: `${ATVS}/quang-trac-moi-truong/danh-sach`,
  report: `${ATVS}/quang-trac-moi-truong/chinh-sua/:id`,
  create: `${ATVS}/quang-trac-moi-truong/tao-moi`,
  overview: `${ATVS}/quang-trac-moi-truong/tong-hop`,
  import: `${ATVS}/quang-trac-moi-truong/them-tu-tep`,
  standards: `${ATVS}/quy-chuan-quoc-gia`,
  dustStandards: `${ATVS}/quy-chuan-quoc-gia/bui`,
} as const;

/** The slug of each factor's standards page (`quy-chuan-quoc-gia/{type}`; dust is the spec's `bui`). */
export const STANDARD_PAGE_SLUGS: Record<LimitFactor, string> = {
  dust: 'bui',
  temperature: 'vi-khi-hau',
  light: 'anh-sang',
  noise: 'tieng-on',
  vibration: 'rung',
  chemistry: 'hoa-chat',
  radiation: 'phong-xa',
  magnetic: 'dien-tu-truong',
  other: 'yeu-to-khac',
};

export const MONITORING_PERMISSIONS = {
  read: 'ObservationMonitor.read',
  update: 'ObservationMonitor.update',
} as const;
