import { z } from 'zod';
import { FILING_STATUSES } from '@portal/domain/reports/filing';
import { COUNT_KEYS, STATUS_FILTERS } from './counts.ts';
import { GROUP_BY, REPORTER_SORTS } from './status.ts';

/** The status calls' request and answer schemas (the signed-in ones and the public ones share them). */

const isoDate = z.string();

export const periodKey = z
  .string()
  .trim()
  .regex(/^\d{4}(?:-(?:H[12]|Q[1-4]|\d{2}))?$/, 'a period key: 2026, 2026-H1, 2026-Q3, 2026-07');
export const wardCode = z.string().trim().min(1).max(40);

export const statusQuery = z.object({
  reportTypeId: z.uuid(),
  periodKey,
  groupBy: z.enum(GROUP_BY).default('commune'),
  wardCode: wardCode.optional(),
  sectorId: z.uuid().optional(),
});

export const paging = {
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
};

export const reportersQuery = statusQuery.omit({ groupBy: true }).extend({
  status: z.enum(STATUS_FILTERS).optional(),
  keyWord: z.string().trim().max(200).optional(),
  ...paging,
  sortBy: z.enum(REPORTER_SORTS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});

export const consolidatedQuery = z.object({ reportTypeId: z.uuid(), periodKey });

const counts = Object.fromEntries([...COUNT_KEYS, 'accepted'].map((k) => [k, z.number()])) as Record<
  (typeof COUNT_KEYS)[number] | 'accepted',
  z.ZodNumber
>;
export const standing = z.object({
  ...counts,
  /** complete ÷ expected (0–1), null when nothing is expected. */
  completeness: z.number().nullable(),
  /** filed on time ÷ expected (0–1), null when nothing is expected. */
  timeliness: z.number().nullable(),
});

export const periodSchema = z.object({
  key: z.string(),
  type: z.string(),
  start: isoDate,
  end: isoDate,
});

const typeSummary = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  filer: z.string(),
  periodType: z.string(),
});

export const statusAnswer = z.object({
  reportType: typeSummary.extend({ formCode: z.string() }),
  period: periodSchema,
  schedule: z.object({ opensOn: isoDate, dueOn: isoDate }).nullable(),
  today: isoDate,
  asOf: z.string(),
  groupBy: z.enum(GROUP_BY),
  totals: standing,
  rows: z.array(
    standing.extend({ key: z.string().nullable(), name: z.string().nullable(), code: z.string().nullable() }),
  ),
});

export const reporterRow = z.object({
  expectedId: z.string(),
  reporterKind: z.string(),
  reporterKey: z.string(),
  reporterName: z.string(),
  businessId: z.string().nullable(),
  taxCode: z.string().nullable(),
  wardCode: z.string().nullable(),
  wardName: z.string().nullable(),
  sectorId: z.string().nullable(),
  sectorName: z.string().nullable(),
  opensOn: isoDate,
  dueOn: isoDate,
  status: z.enum(FILING_STATUSES),
  firstSubmittedOn: isoDate.nullable(),
  onTime: z.boolean().nullable(),
  submissionId: z.string().nullable(),
});

export const reportersAnswer = z.object({
  pageLists: z.array(reporterRow),
  totalRecord: z.number(),
  today: isoDate,
});

export const optionsAnswer = z.object({
  types: z.array(typeSummary.extend({ active: z.boolean(), periods: z.array(periodSchema) })),
});

export const consolidatedAnswer = z.object({
  reportType: typeSummary,
  period: periodSchema,
  form: z.object({
    code: z.string(),
    version: z.number(),
    title: z.string(),
    legalBasis: z.string(),
    verified: z.boolean(),
  }),
  asOf: z.string(),
  today: isoDate,
  dueOn: isoDate.nullable(),
  basis: z.object({
    expected: z.number(),
    accepted: z.number(),
    share: z.number().nullable(),
    /** The accepted submissions summed (equal to `accepted`). */
    summed: z.number(),
  }),
  values: z.record(z.string(), z.unknown()),
  lines: z.array(
    z.object({
      kind: z.enum(['section', 'heading', 'value']),
      path: z.string().nullable(),
      label: z.string(),
      unit: z.string().nullable(),
      value: z.number().nullable(),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------- public

/** How an employer filed, as the public list says it. */
export const PUBLIC_FILED = ['onTime', 'late', 'notFiled'] as const;

export const publicStatusQuery = z.object({ reportTypeId: z.uuid(), periodKey });

/** The public rates: aggregates only, by commune. */
export const publicStatusAnswer = z.object({
  reportType: typeSummary,
  period: periodSchema,
  schedule: z.object({ opensOn: isoDate, dueOn: isoDate }).nullable(),
  today: isoDate,
  asOf: z.string(),
  totals: standing,
  rows: z.array(standing.extend({ key: z.string().nullable(), name: z.string().nullable() })),
});

export const publicFilersQuery = z.object({
  reportTypeId: z.uuid(),
  periodKey,
  status: z.enum(PUBLIC_FILED).optional(),
  wardCode: wardCode.optional(),
  keyWord: z.string().trim().max(100).optional(),
  pageNumber: paging.pageNumber,
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** An employer on the public list: its name, tax code and commune, and how it filed. Nothing about people. */
export const publicFiler = z
  .object({
    name: z.string(),
    taxCode: z.string().nullable(),
    wardName: z.string().nullable(),
    status: z.enum(PUBLIC_FILED),
  })
  .strict();

export const publicFilersAnswer = z.object({
  pageLists: z.array(publicFiler),
  totalRecord: z.number(),
  reportType: typeSummary,
  period: periodSchema,
  dueOn: isoDate.nullable(),
  today: isoDate,
  asOf: z.string(),
});

export const publicOptionsAnswer = z.object({
  types: z.array(typeSummary.extend({ periods: z.array(periodSchema) })),
});
