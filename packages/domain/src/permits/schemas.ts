import { z } from 'zod';
import { optionalText } from '../inputs.ts';
import { PERMIT_ACTIONS, PERMIT_KINDS, PERMIT_STATUSES } from './state.ts';
import { checkPeriod, isCalendarDate } from './rules.ts';
import { workflowEvent } from '../workflow/schemas.ts';

/**
 * Request and response shapes of the `WorkerLicense` calls, shared by the API (validation, OpenAPI) and the
 * web (forms validate with the same schemas). Field errors carry message keys `permits:validation.*` or zod's
 * own localised messages.
 */

/** Positions a work permit is granted for (Decree 152 art. 3). */
export const POSITIONS = ['manager', 'executive', 'expert', 'technician'] as const;
export type Position = (typeof POSITIONS)[number];

/** How the foreigner works in Vietnam (Decree 152 art. 2, the common forms). */
export const WORK_FORMS = [
  'labourContract',
  'intraCorporateTransfer',
  'contractPerformance',
  'serviceOffering',
  'commercialPresence',
  'other',
] as const;
export type WorkForm = (typeof WORK_FORMS)[number];

/** Why a permit is reissued (Decree 152 art. 12). */
export const RENEW_REASONS = ['lost', 'damaged', 'detailsChanged'] as const;
export type RenewReason = (typeof RENEW_REASONS)[number];

/** Grounds for not needing a permit (Labour Code art. 154, Decree 152 art. 7), the common ones. */
export const EXEMPTION_GROUNDS = [
  'capitalOwner',
  'boardMember',
  'intraCorporateTransfer',
  'shortTermExpert',
  'incidentHandling',
  'marriedToVietnamese',
  'treaty',
  'other',
] as const;
export type ExemptionGround = (typeof EXEMPTION_GROUNDS)[number];

const text = (max: number) => z.string().trim().min(1, { error: 'permits:validation.required' }).max(max);
// Aborts: the period rules of the enclosing object must never run on something that is not a date.
export const calendarDate = z.string().refine(isCalendarDate, { error: 'permits:validation.date', abort: true });
const PASSPORT = /^[A-Z0-9]{5,20}$/;
/** Passport numbers: letters and digits, kept upper-case (the permit records the passport it was granted on). */
export const passportNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PASSPORT, { error: 'permits:validation.passportNumber' });

/*
 * A draft keeps whatever is filled: each field may be empty, but a value that is given must be valid.
 * Absent (undefined) stays absent so that an edit leaves the field as it is; '' or null empties it.
 * Completeness is checked when the request is submitted (missingFields in requirements.ts).
 */
const emptied = <T>(v: T | '' | null | undefined): T | null | undefined => (v === undefined ? undefined : v || null);
const draftText = (max: number) => z.string().trim().max(max).nullish().transform(emptied);
const draftPassport = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || PASSPORT.test(v), { error: 'permits:validation.passportNumber' })
  .nullish()
  .transform(emptied);
// Not a union with '': a union would answer a bad date with zod's generic wording instead of ours.
const draftDate = z
  .string()
  .refine((v) => v === '' || isCalendarDate(v), { error: 'permits:validation.date', abort: true })
  .nullish()
  .transform(emptied);
const draftEnum = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullish();

/** Optimistic concurrency: the version the client last read; a newer one answers 409. */
const version = z.number().int().min(1);

function periodRefinement(ctx: z.core.$RefinementCtx, from: string | null, to: string | null): void {
  if (!from || !to) return;
  for (const issue of checkPeriod(from, to, { from: 'requestedFrom', to: 'requestedTo' })) {
    ctx.addIssue({
      code: 'custom',
      path: [issue.field],
      message: `permits:rules.${issue.code}`,
      params: issue.vars ?? {},
    });
  }
}

// -------------------------------------------------------------------------------------------------- requests

/** Extensions are filed whole (they continue a granted permit); new requests and confirmations may be drafts. */
const licenseFields = {
  passportNumber,
  position: z.enum(POSITIONS),
  jobTitle: text(255),
  workplace: text(500),
  workForm: z.enum(WORK_FORMS),
  note: optionalText(2000),
};

const draftLicenseFields = {
  passportNumber: draftPassport,
  position: draftEnum(POSITIONS),
  jobTitle: draftText(255),
  workplace: draftText(500),
  workForm: draftEnum(WORK_FORMS),
  requestedFrom: draftDate,
  requestedTo: draftDate,
  note: optionalText(2000),
};

/** add-require-license: a new work permit for one foreign worker of the employer (a draft: only the worker needed). */
export const newLicenseBody = z
  .object({ workerId: z.uuid(), ...draftLicenseFields })
  .superRefine((v, ctx) => periodRefinement(ctx, v.requestedFrom ?? null, v.requestedTo ?? null));
export type NewLicenseBody = z.infer<typeof newLicenseBody>;

/** require-extend: an extension of an approved, valid permit (starts the day after it ends). */
export const extendBody = z.object({ parentId: z.uuid(), ...licenseFields, requestedTo: calendarDate });
export type ExtendBody = z.infer<typeof extendBody>;

/** require-renew: a reissue of an approved, valid permit (keeps its remaining validity). */
export const renewBody = z.object({
  parentId: z.uuid(),
  renewReason: z.enum(RENEW_REASONS),
  /** A new passport is one reason to renew; absent: the permit's. */
  passportNumber: passportNumber.optional(),
  note: optionalText(2000),
});
export type RenewBody = z.infer<typeof renewBody>;

/** add-require-confirm: a confirmation that the worker needs no permit (a draft: only the worker needed). */
const confirmFields = {
  passportNumber: draftPassport,
  exemptionGround: draftEnum(EXEMPTION_GROUNDS),
  exemptionDetail: draftText(2000),
  jobTitle: draftText(255),
  workplace: draftText(500),
  requestedFrom: draftDate,
  requestedTo: draftDate,
  note: optionalText(2000),
};
export const confirmBody = z
  .object({ workerId: z.uuid(), ...confirmFields })
  .superRefine((v, ctx) => periodRefinement(ctx, v.requestedFrom ?? null, v.requestedTo ?? null));
export type ConfirmBody = z.infer<typeof confirmBody>;

/**
 * edit-require-license: the fields of the request's kind (new: all; extension: the job and the end asked for;
 * renewal: the reason). Fields the kind does not have are ignored; absent fields stay as they are, empty ones
 * are emptied (a draft or a returned request may be incomplete until it is submitted).
 */
export const editLicenseBody = z
  .object({
    id: z.uuid(),
    version,
    workerId: z.uuid().optional(),
    ...draftLicenseFields,
    renewReason: draftEnum(RENEW_REASONS),
  })
  .superRefine((v, ctx) => periodRefinement(ctx, v.requestedFrom ?? null, v.requestedTo ?? null));
export type EditLicenseBody = z.infer<typeof editLicenseBody>;

export const editConfirmBody = z
  .object({ id: z.uuid(), version, workerId: z.uuid().optional(), ...confirmFields })
  .superRefine((v, ctx) => periodRefinement(ctx, v.requestedFrom ?? null, v.requestedTo ?? null));
export type EditConfirmBody = z.infer<typeof editConfirmBody>;

/** submit-require: the applicant sends the request (again) to the department. */
export const submitBody = z.object({ id: z.uuid(), version });
/** return-require / reject-require: the department sends it back, or refuses it, saying why. */
export const reasonBody = z.object({
  id: z.uuid(),
  version,
  reason: text(2000).pipe(z.string().min(5, { error: 'permits:validation.reasonTooShort' })),
});
/** approve-require: the department grants the permit for these dates. */
export const approveBody = z.object({
  id: z.uuid(),
  version,
  validFrom: calendarDate,
  validTo: calendarDate,
  note: optionalText(2000),
});
export type ApproveBody = z.infer<typeof approveBody>;

// -------------------------------------------------------------------------------------------------- lists

export const LIST_SORTS = ['updatedAt', 'submittedAt', 'validTo', 'number', 'workerName'] as const;

export const listQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  keyWord: z.string().trim().max(200).optional(),
  /** One status or several, comma-separated ('submitted,returned'). */
  status: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const list = [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      for (const s of list) {
        if (!(PERMIT_STATUSES as readonly string[]).includes(s)) {
          ctx.addIssue({ code: 'custom', message: 'permits:validation.status' });
          return z.NEVER;
        }
      }
      return list as (typeof PERMIT_STATUSES)[number][];
    }),
  kind: z.enum(PERMIT_KINDS).optional(),
  /** 'license' (new, extension, renewal) or 'confirm'. */
  group: z.enum(['license', 'confirm']).optional(),
  workerId: z.uuid().optional(),
  businessId: z.uuid().optional(),
  /** Year of approval (the number's year). */
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  /** Approved permits that end within this many days (reminders). */
  expiringWithinDays: z.coerce.number().int().min(0).max(366).optional(),
  sortBy: z.enum(LIST_SORTS).optional(),
  sortOrder: z.enum(['asc', 'desc', 'ascend', 'descend']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

// -------------------------------------------------------------------------------------------------- responses

export const permitSummary = z.object({
  id: z.string(),
  kind: z.enum(PERMIT_KINDS),
  status: z.enum(PERMIT_STATUSES),
  number: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  businessId: z.string(),
  businessName: z.string(),
  workerId: z.string(),
  workerName: z.string(),
  nationality: z.string().nullable(),
  passportNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  parentId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number(),
});
export type PermitSummary = z.infer<typeof permitSummary>;

export const permitEvent = workflowEvent;

export const linkedPermit = z.object({
  id: z.string(),
  kind: z.enum(PERMIT_KINDS),
  status: z.enum(PERMIT_STATUSES),
  number: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
});

export const permitDetail = permitSummary.extend({
  position: z.enum(POSITIONS).nullable(),
  workplace: z.string().nullable(),
  workForm: z.enum(WORK_FORMS).nullable(),
  requestedFrom: z.string().nullable(),
  requestedTo: z.string().nullable(),
  renewReason: z.enum(RENEW_REASONS).nullable(),
  exemptionGround: z.enum(EXEMPTION_GROUNDS).nullable(),
  exemptionDetail: z.string().nullable(),
  note: z.string().nullable(),
  returnReason: z.string().nullable(),
  rejectReason: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedByName: z.string().nullable(),
  createdAt: z.string(),
  parent: linkedPermit.nullable(),
  children: z.array(linkedPermit),
  history: z.array(permitEvent),
  /** What the caller may do now (the state machine's answer for this user). */
  allowedActions: z.array(z.enum(PERMIT_ACTIONS)),
  /** Why extension / renewal is not offered (a `permits:blockers.*` code), null when it is. */
  extendBlocker: z.string().nullable(),
  renewBlocker: z.string().nullable(),
  /** The validity an approval would grant by default, and which ends are fixed (approvers only). */
  proposedValidity: z
    .object({ validFrom: z.string(), validTo: z.string(), fixedFrom: z.boolean(), fixedTo: z.boolean() })
    .nullable(),
});
export type PermitDetail = z.infer<typeof permitDetail>;

export const permitFile = z.object({
  id: z.string(),
  requirementCode: z.string().nullable(),
  fileName: z.string(),
  mime: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
  /** 'applicant' or 'reviewer': who attached it. */
  side: z.enum(['applicant', 'reviewer']),
});
export type PermitFile = z.infer<typeof permitFile>;

export const requirementSlot = z.object({
  code: z.string(),
  required: z.boolean(),
  kinds: z.array(z.enum(['pdf', 'image'])),
  maxMb: z.number(),
  file: permitFile.nullable(),
});
export type RequirementSlot = z.infer<typeof requirementSlot>;

export const foreignWorkerOption = z.object({
  value: z.string(),
  label: z.string(),
  /** ISO 3166-1 alpha-2 code (names: `workers:countries.{code}`). */
  nationality: z.string().nullable(),
  birthDate: z.string().nullable(),
  /** The passport of the worker's latest request, to prefill the form. */
  passportNumber: z.string().nullable(),
  /**
   * Why a request of the asked kind for this worker would be refused: a request already in progress, or a
   * permit (confirmation) still valid; null when the worker may be picked.
   */
  conflict: z.enum(['openRequest', 'alreadyValid']).nullable(),
});
export type ForeignWorkerOption = z.infer<typeof foreignWorkerOption>;
