import { z } from 'zod';
import { registerMenuItems } from '../menu.ts';
import { FEATURE_GROUPS, registerFeatures, subjectFeature, type PermissionKey } from '../permissions.ts';

/**
 * The province's statistics: each one a declaration (here, what the web and the API share: its slug, measures and
 * dimensions; in the API's statistics module, the rollup it reads and who sees what). From it come the API route,
 * the page `/thong-ke/<slug>/danh-sach`, the xlsx export with its methodology sheet, and, for the public set, the
 * public page and open data.
 *
 * Figures read rollups (tallies kept by the writing transactions), never the raw rows: every statistic answers in a
 * few index reads at province scale. Employers see their own figures, communes their area, the department the
 * province; the public sees the public set with counts below `DISCLOSURE_MIN` suppressed.
 */

export const STATISTICS_SUBJECT = 'Statistics';
export const STATISTICS_PERMISSIONS = {
  read: `${STATISTICS_SUBJECT}.read`,
  export: `${STATISTICS_SUBJECT}.export`,
} as const satisfies Record<string, PermissionKey>;

registerFeatures(
  FEATURE_GROUPS.statistics,
  subjectFeature(STATISTICS_SUBJECT, 'statistics:permission', ['read', 'export'], { key: 'statistics.all', order: 10 }),
);

/** Public figures: a count below this is shown as "< 5" (disclosure control). */
export const DISCLOSURE_MIN = 5;

/**
 * What a figure can be broken down by. 'year' and 'month' are periods; 'ward' is the commune (the map);
 * 'employer' the employer; the others are categories whose labels are `statistics:values.<dimension>.<key>` when the
 * answer gives no label (codes of fixed lists), or the answer's label (catalogue entries: occupations, sectors).
 */
export const STATISTIC_DIMENSIONS = [
  'year',
  'month',
  'ward',
  'employer',
  'sector',
  'sex',
  'ageBand',
  'education',
  'income',
  'occupation',
  'nationality',
  'insurance',
  'abroad',
  'contract',
  'equipmentKind',
  'inspection',
  'declaration',
  'severity',
  'accidentKind',
  'illness',
  'illnessStage',
  'permit',
] as const;
export type StatisticDimension = (typeof STATISTIC_DIMENSIONS)[number];

export const STATISTIC_GROUPS = ['labour', 'accidents', 'illness', 'equipment', 'employment'] as const;
export type StatisticGroup = (typeof STATISTIC_GROUPS)[number];

export interface StatisticMeasureInfo {
  key: string;
  /** 'count' people or things, 'money' VND, 'days'. */
  unit: 'count' | 'money' | 'days';
}

export interface StatisticInfo {
  /** The page's slug: `/thong-ke/<slug>/danh-sach`. */
  slug: string;
  /** Code key ('ageGender'): labels are `statistics:items.<key>.title|description`. */
  key: string;
  group: StatisticGroup;
  measures: readonly StatisticMeasureInfo[];
  /** The dimensions it can be broken down by (the first is the default). */
  dimensions: readonly StatisticDimension[];
  /** Its figures come from reports of this type: each answer gives the share of expected reports behind it. */
  fromReports?: string;
  /** In the public set (public page, open data). */
  public?: boolean;
  /** The list of the records behind a figure (the web adds the filters it can). */
  records?: string;
}

const count = (key: string): StatisticMeasureInfo => ({ key, unit: 'count' });

/** Every statistic, in the order of the spec's list (section 2, Statistics). */
export const STATISTICS: readonly StatisticInfo[] = [
  {
    slug: 'dan-so-trong-do-tuoi-lao-dong',
    key: 'workingAge',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['ageBand', 'sex', 'ward'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'lao-dong-theo-nghe-nghiep',
    key: 'byOccupation',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['occupation', 'sex', 'ward'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'co-cau-tuoi-gioi-tinh',
    key: 'ageGender',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['ageBand', 'sex', 'ward'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'muc-thu-nhap',
    key: 'income',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['income', 'sex', 'ward'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'tai-nan-va-su-co',
    key: 'accidentCases',
    group: 'accidents',
    measures: [count('accidents'), count('victims'), count('deaths')],
    dimensions: ['month', 'severity', 'ward', 'employer', 'year'],
    public: true,
    records: '/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/danh-sach',
  },
  {
    slug: 'lao-dong-lam-viec-tai-tinh',
    key: 'workingInProvince',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['ward', 'contract', 'sex'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'benh-nghe-nghiep-moi',
    key: 'illnessNew',
    group: 'illness',
    measures: [count('cases')],
    dimensions: ['illness', 'ward', 'employer', 'year'],
    fromReports: 'accident-statistics',
    public: true,
  },
  {
    slug: 'benh-nghe-nghiep-cu',
    key: 'illnessOld',
    group: 'illness',
    measures: [count('cases')],
    dimensions: ['illness', 'illnessStage', 'ward', 'employer'],
    fromReports: 'accident-statistics',
    public: true,
  },
  {
    slug: 'chi-phi-benh-nghe-nghiep',
    key: 'illnessCosts',
    group: 'illness',
    measures: [{ key: 'cost', unit: 'money' }, count('cases')],
    dimensions: ['illness', 'ward', 'employer', 'year'],
    fromReports: 'accident-statistics',
  },
  {
    slug: 'lao-dong-di-lam-viec-o-nuoc-ngoai',
    key: 'abroad',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['abroad', 'sex', 'ward'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'lao-dong-theo-don-vi-hanh-chinh',
    key: 'byWard',
    group: 'labour',
    measures: [count('workers'), count('employers')],
    dimensions: ['ward'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'lao-dong-theo-doanh-nghiep',
    key: 'byEmployer',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['employer', 'sex', 'ward'],
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'bao-hiem-xa-hoi-y-te',
    key: 'insurance',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['insurance', 'ward', 'sex'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'that-nghiep',
    key: 'unemployment',
    group: 'employment',
    measures: [count('claimants')],
    dimensions: ['month', 'sex', 'ward', 'year'],
    public: true,
  },
  {
    slug: 'so-luong-thiet-bi',
    key: 'devices',
    group: 'equipment',
    measures: [count('machines')],
    dimensions: ['equipmentKind', 'ward', 'employer'],
    public: true,
    records: '/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi-kiem-dinh/danh-sach',
  },
  {
    slug: 'thiet-bi-da-kiem-dinh',
    key: 'devicesInspected',
    group: 'equipment',
    measures: [count('machines')],
    dimensions: ['inspection', 'equipmentKind', 'ward', 'employer'],
    public: true,
    records: '/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi-kiem-dinh/danh-sach',
  },
  {
    slug: 'thiet-bi-da-khai-bao',
    key: 'devicesDeclared',
    group: 'equipment',
    measures: [count('machines')],
    dimensions: ['declaration', 'equipmentKind', 'ward', 'employer'],
    public: true,
    records: '/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi-kiem-dinh/danh-sach',
  },
  {
    slug: 'tai-nan-theo-nghe-nghiep',
    key: 'accidentsByOccupation',
    group: 'accidents',
    measures: [count('victims'), count('deaths')],
    dimensions: ['occupation', 'severity', 'ward', 'year'],
    public: true,
    records: '/an-toan-ve-sinh-lao-dong/khai-bao-tai-nan-lao-dong/danh-sach',
  },
  {
    slug: 'lao-dong-nuoc-ngoai',
    key: 'foreignWorkers',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['nationality', 'sex', 'ward'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
  {
    slug: 'doanh-nghiep-su-dung-thiet-bi',
    key: 'employersWithEquipment',
    group: 'equipment',
    measures: [count('employers'), count('machines')],
    dimensions: ['ward', 'equipmentKind'],
    public: true,
    records: '/doanh-nghiep/danh-sach',
  },
  {
    slug: 'danh-sach-thiet-bi-kiem-dinh',
    key: 'inspectedList',
    group: 'equipment',
    measures: [count('machines')],
    dimensions: ['employer', 'equipmentKind', 'ward'],
    records: '/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi-kiem-dinh/danh-sach',
  },
  {
    slug: 'lao-dong-theo-trinh-do-hoc-van',
    key: 'education',
    group: 'labour',
    measures: [count('workers')],
    dimensions: ['education', 'sex', 'ward'],
    public: true,
    records: '/nguoi-lao-dong/danh-sach-so',
  },
];

export const statisticBySlug = (slug: string): StatisticInfo | undefined => STATISTICS.find((s) => s.slug === slug);
export const statisticPath = (slug: string): string => `/thong-ke/${slug}/danh-sach`;

export const STATISTICS_PATHS = {
  overview: '/thong-ke-tong-quang',
  analysis: '/tong-quan/phan-tich',
  public: '/thong-ke-cong-khai',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The API.

export const STATISTICS_API = {
  /** GET: one statistic's figures (query: statisticQuerySchema). */
  one: '/api/Statistics/{slug}',
  /** GET: the same as an xlsx workbook with a methodology sheet. */
  export: '/api/Statistics/{slug}/export',
  /** GET: the overview's key figures with trend and completeness. */
  overview: '/api/Statistics/overview',
  /** GET, no sign-in: a statistic of the public set (small counts suppressed). */
  public: '/api/public/Statistics/{slug}',
  /** GET, no sign-in: the public set's aggregates as open data (format=csv|json). */
  openData: '/api/public/Statistics/{slug}/open-data',
} as const;

export const statisticQuerySchema = z.object({
  /** The measure (default: the first). */
  measure: z.string().max(40).optional(),
  /** Break down by (default: the statistic's first dimension). */
  by: z.enum(STATISTIC_DIMENSIONS).optional(),
  /** A second breakdown (cross-table). */
  by2: z.enum(STATISTIC_DIMENSIONS).optional(),
  /** The year the figures are of (default: this year); the previous year is given beside them. */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  /** Only this commune: its administrative-unit id ('2025:24778'; the map's 5-digit code is the part after ':'). */
  ward: z
    .string()
    .regex(/^\d{4}:\d{2,5}$/)
    .optional(),
  /** Only this employer. */
  employer: z.uuid().optional(),
  /** Only rows whose `by` value (or `by2`) is this key: `dimension:key`, e.g. `sex:female`. */
  filter: z
    .string()
    .max(120)
    .regex(/^[a-zA-Z]+:[^,]{1,100}$/)
    .optional(),
});
export type StatisticQuery = z.infer<typeof statisticQuerySchema>;

export const statisticRowSchema = z.object({
  key: z.string().nullable(),
  /** The label (catalogue entries, communes, employers); null: `statistics:values.<by>.<key>`. */
  label: z.string().nullable(),
  key2: z.string().nullable(),
  label2: z.string().nullable(),
  /** Null: suppressed (a public count below DISCLOSURE_MIN). */
  value: z.number().nullable(),
  /** The same in the previous year (null: suppressed or not comparable). */
  previous: z.number().nullable(),
});
export type StatisticRow = z.infer<typeof statisticRowSchema>;

export const statisticAnswerSchema = z.object({
  slug: z.string(),
  measure: z.string(),
  by: z.enum(STATISTIC_DIMENSIONS),
  by2: z.enum(STATISTIC_DIMENSIONS).nullable(),
  year: z.number().int(),
  rows: z.array(statisticRowSchema),
  total: z.number().nullable(),
  previousTotal: z.number().nullable(),
  /** When the figures were read (the rollups are current to that moment). */
  asOf: z.string(),
  /** For figures from reports: expected reports of the year in scope, and how many were received. */
  completeness: z.object({ expected: z.number().int(), received: z.number().int(), share: z.number() }).nullable(),
  /** Small counts were suppressed (public answers). */
  suppressed: z.boolean(),
});
export type StatisticAnswer = z.infer<typeof statisticAnswerSchema>;

export const overviewFigureSchema = z.object({
  slug: z.string(),
  measure: z.string(),
  value: z.number(),
  previous: z.number().nullable(),
  completeness: z.number().nullable(),
});
export const overviewSchema = z.object({
  year: z.number().int(),
  asOf: z.string(),
  figures: z.array(overviewFigureSchema),
  /** Workers by commune (the overview's map). */
  byWard: z.array(z.object({ key: z.string(), label: z.string().nullable(), value: z.number() })),
});
export type StatisticsOverview = z.infer<typeof overviewSchema>;

export * from './values.ts';

// ---------------------------------------------------------------------------------------------------------------
// The menu: one entry per statistic, in the 'statistics' group (menu.ts lists the group, empty: it is in the web's
// first load, which must not carry this module's schemas).

registerMenuItems(
  'statistics',
  ...STATISTICS.map((s, i) => ({ path: statisticPath(s.slug), permission: STATISTICS_PERMISSIONS.read, order: i + 1 })),
);
