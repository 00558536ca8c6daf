import { z } from 'zod';
import { pageOf } from '@portal/domain/paging';
import { reportFormSchema } from '@portal/domain/report-forms/schema';
import { FILING_STATUSES } from '@portal/domain/reports/filing';
import { FILING_SORTS, SUBMISSION_ACTIONS, SUBMISSION_STATUSES } from '@portal/domain/reports/workflow';
import { workflowEvent } from '@portal/domain/workflow/schemas';

/** The calls of periodic report filing (`/api/Report/…`): what they read and what they answer. */

const periodKey = z.string().regex(/^\d{4}(-(H[12]|Q[1-4]|0[1-9]|1[0-2]))?$/, 'reportFiling:validation.periodKey');
const typeCode = z.string().regex(/^[a-z][a-z0-9-]{1,63}$/);

export const listQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  /** On the reporter's name, tax code or ward, and the receipt number. */
  keyWord: z.string().trim().max(200).optional(),
  reportTypeId: z.uuid().optional(),
  /** The domain views' filter: report type codes, comma-separated. */
  typeCodes: z
    .string()
    .max(500)
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .pipe(z.array(typeCode).max(20))
    .optional(),
  periodKey: periodKey.optional(),
  /** Where the report stands (filing.ts's statuses). */
  status: z.enum(FILING_STATUSES).optional(),
  /** Only the caller's own reports (a commune: not its area's employers). */
  mine: z.enum(['true', 'false']).optional(),
  sortField: z.enum(FILING_SORTS).optional(),
  sortOrder: z.enum(['asc', 'desc', 'ascend', 'descend']).optional(),
});
export type ListQuery = z.output<typeof listQuery>;

/** What a report is and how it stands: the list's rows and the detail say it alike. */
const reportFacts = {
  reportTypeId: z.string(),
  typeCode: z.string(),
  typeName: z.string(),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  opensOn: z.string(),
  dueOn: z.string(),
  closesOn: z.string().nullable(),
  reporterKind: z.string(),
  reporterName: z.string(),
  taxCode: z.string().nullable(),
  wardCode: z.string().nullable(),
  number: z.string().nullable(),
  firstSubmittedOn: z.string().nullable(),
  submittedAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** First filed after the due day; null while not filed. */
  late: z.boolean().nullable(),
  locked: z.boolean(),
  /** The period closed to its filer (from `closesOn` on; the department still acts). */
  closed: z.boolean(),
};

export const filingRow = z.object({
  /** The expected report's id (a row is one reporter's report of one period). */
  expectedId: z.string(),
  submissionId: z.string().nullable(),
  ...reportFacts,
  wardName: z.string().nullable(),
  status: z.enum(FILING_STATUSES),
  /** The caller's own report. */
  mine: z.boolean(),
});
export type FilingRow = z.infer<typeof filingRow>;
export const filingPage = pageOf(filingRow);

const scalar = z.union([z.number(), z.string(), z.boolean(), z.null()]);
const change = z.object({ path: z.string(), before: scalar, after: scalar });
const values = z.record(z.string(), z.unknown());

export const submissionDetail = z.object({
  id: z.string(),
  expectedId: z.string(),
  ...reportFacts,
  legalBasis: z.string().nullable(),
  recipient: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  firstSubmittedAt: z.string().nullable(),
  version: z.number(),
  formCode: z.string(),
  formVersion: z.number(),
  /** The form definition the report is filed under (its own version, whatever the latest is). */
  form: reportFormSchema,
  values,
  /** What the registers said when the report was opened or last filed, by value path. */
  registerValues: z.record(z.string(), scalar),
  /** Where the declared values differ from the registers' (before: the register's, after: the declared). */
  differences: z.array(change),
  /**
   * What changed since the version last returned (while being corrected), or between the last two filings (on a
   * resubmitted report): the fields to look at again.
   */
  changes: z.array(change),
  versions: z.array(
    z.object({
      seq: z.number(),
      formVersion: z.number(),
      submittedAt: z.string(),
      submittedByName: z.string().nullable(),
      /** Value paths changed since the version before. */
      changedPaths: z.array(z.string()),
    }),
  ),
  /** The reviewer's comments on fields, per returned version (the latest return's are `returned.comments`). */
  comments: z.array(
    z.object({
      versionSeq: z.number(),
      fieldPath: z.string(),
      comment: z.string(),
      actorName: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** The latest return, while it is the report's standing: its reason and comments. */
  returned: z
    .object({
      reason: z.string().nullable(),
      versionSeq: z.number(),
      comments: z.record(z.string(), z.string()),
    })
    .nullable(),
  history: z.array(workflowEvent),
  actions: z.array(z.enum(SUBMISSION_ACTIONS)),
  /** The caller's side: the report's filer, a reviewer, or a reader (a commune of its area, an inspector). */
  side: z.enum(['filer', 'reviewer', 'reader']),
  /** A receipt can be downloaded (the report was filed at least once). */
  hasReceipt: z.boolean(),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

export const openBody = z.object({ reportTypeId: z.uuid(), periodKey });

export const saveBody = z.object({
  version: z.number().int().min(1),
  values,
});

export const submitBody = z.object({
  version: z.number().int().min(1),
  /** Values to save first (the form as it stands), checked as a filing. */
  values: values.optional(),
});

export const returnBody = z.object({
  version: z.number().int().min(1),
  reason: z.string().trim().min(1).max(2000),
  /** At least one field to correct, each with what is wrong (a field once). */
  comments: z
    .array(
      z.object({
        fieldPath: z.string().trim().min(1).max(200),
        comment: z.string().trim().min(1).max(2000),
      }),
    )
    .min(1)
    .max(200),
});

export const acceptBody = z.object({ version: z.number().int().min(1) });

export const receiptQuery = z.object({
  /** The acceptance's receipt (default once accepted) or the filing's. */
  kind: z.enum(['filing', 'acceptance']).optional(),
});
