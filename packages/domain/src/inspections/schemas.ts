import { z } from 'zod';
import { optionalText } from '../inputs.ts';
import {
  INSPECTION_ACTIONS,
  INSPECTION_KINDS,
  INSPECTION_STATUSES,
  INSPECTION_TOPICS,
  REQUIREMENT_ACTIONS,
  REQUIREMENT_STATUSES,
} from './state.ts';
import { pageOf } from '../paging.ts';

/**
 * Request and answer shapes of the inspection calls (`/api/Inspection/…`), shared by the API (validation,
 * OpenAPI) and the web (types). Rule messages are keys of the `inspections` namespace.
 */
export const MAX_TEAM = 20;
export const MAX_VIOLATIONS = 100;
export const MAX_REQUIREMENTS = 100;
export const MAX_EVIDENCE_FILES = 10;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day of a plausible year (the database would refuse 2026-02-30 or year 0 otherwise). */
const isRealDate = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  const year = Number(value.slice(0, 4));
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && year >= 1900 && year <= 2999;
};
const date = z
  .string()
  .regex(DATE, { error: 'inspections:validation.date' })
  .refine(isRealDate, { error: 'inspections:validation.date' });
const optionalDate = z
  .union([date, z.literal('')])
  .nullish()
  .transform((v) => (v ? v : null));
const requiredText = (max: number) => z.string().trim().min(1, { error: 'inspections:validation.required' }).max(max);
const version = z.number().int().min(1);

export const teamMemberInput = z.object({
  userId: z.uuid(),
  role: z.enum(['leader', 'member']),
});

export const violationItemInput = z.object({
  /** Present for a violation already recorded (kept, changed); absent for a new one. */
  id: z.uuid().optional(),
  description: requiredText(4000),
  /** The provision breached, e.g. "Khoản 2 Điều 16 Luật An toàn, vệ sinh lao động 2015". */
  legalProvision: requiredText(1000),
  /** The fine imposed (VND), when the violation is sanctioned. */
  fineAmount: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  penaltyDecisionNumber: optionalText(100),
  penaltyDecisionDate: optionalDate,
});

export const requirementItemInput = z.object({
  id: z.uuid().optional(),
  content: requiredText(4000),
  /** Set by the inspector for each requirement (no legal constant). */
  deadline: date,
});

const inspectionFields = {
  kind: z.enum(INSPECTION_KINDS),
  topic: z.enum(INSPECTION_TOPICS),
  legalBasis: optionalText(4000),
  decisionNumber: optionalText(100),
  decisionDate: optionalDate,
  decisionSigner: optionalText(300),
  plannedFrom: date,
  plannedTo: optionalDate,
  actualDate: optionalDate,
  findings: optionalText(20000),
  team: z.array(teamMemberInput).max(MAX_TEAM).default([]),
  violations: z.array(violationItemInput).max(MAX_VIOLATIONS).default([]),
  requirements: z.array(requirementItemInput).max(MAX_REQUIREMENTS).default([]),
};

function checkShape(
  v: { team: { userId: string; role: string }[]; plannedFrom: string; plannedTo: string | null },
  ctx: z.RefinementCtx,
) {
  const seen = new Set<string>();
  v.team.forEach((m, i) => {
    if (seen.has(m.userId))
      ctx.addIssue({ code: 'custom', path: ['team', i, 'userId'], message: 'inspections:validation.duplicateMember' });
    seen.add(m.userId);
  });
  if (v.team.length && v.team.filter((m) => m.role === 'leader').length !== 1)
    ctx.addIssue({ code: 'custom', path: ['team'], message: 'inspections:validation.oneLeader' });
  if (v.plannedTo && v.plannedTo < v.plannedFrom)
    ctx.addIssue({ code: 'custom', path: ['plannedTo'], message: 'inspections:validation.plannedToBeforeFrom' });
}

export const newInspectionBody = z.object({ businessId: z.uuid(), ...inspectionFields }).superRefine(checkShape);
export type NewInspectionBody = z.infer<typeof newInspectionBody>;

export const updateInspectionBody = z.object({ version, ...inspectionFields }).superRefine(checkShape);
export type UpdateInspectionBody = z.infer<typeof updateInspectionBody>;

export const startInspectionBody = z.object({ version, actualDate: optionalDate });
export const concludeInspectionBody = z.object({
  version,
  conclusionNumber: requiredText(100),
  conclusionDate: date,
  conclusionSummary: requiredText(20000),
  conclusionFileId: z.uuid().nullish(),
});
export type ConcludeInspectionBody = z.infer<typeof concludeInspectionBody>;
export const cancelInspectionBody = z.object({ version, reason: requiredText(2000) });

export const answerRequirementBody = z.object({
  text: requiredText(8000),
  fileIds: z.array(z.uuid()).max(MAX_EVIDENCE_FILES).default([]),
});
export const returnRequirementBody = z.object({ reason: requiredText(2000) });

export const inspectionListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyWord: z.string().trim().max(200).optional(),
  status: z.enum(INSPECTION_STATUSES).optional(),
  kind: z.enum(INSPECTION_KINDS).optional(),
  topic: z.enum(INSPECTION_TOPICS).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  businessId: z.uuid().optional(),
  wardCode: z
    .string()
    .regex(/^(legacy|2025):\d{3,5}$/)
    .optional(),
  /** Only inspections with a requirement past its deadline. */
  overdue: z.enum(['true', 'false']).optional(),
  /** Only inspections with an answer waiting for the department's review. */
  answered: z.enum(['true', 'false']).optional(),
  /** Only inspections with a requirement waiting for the employer (open or returned). */
  toAnswer: z.enum(['true', 'false']).optional(),
});
export type InspectionListQuery = z.infer<typeof inspectionListQuery>;

// ------------------------------------------------------------------------------------------------- answers

const fileRef = z.object({ id: z.string(), name: z.string() });

export const inspectionSummary = z.object({
  id: z.string(),
  decisionNumber: z.string().nullable(),
  businessId: z.string(),
  businessName: z.string(),
  businessTaxCode: z.string(),
  wardName: z.string().nullable(),
  kind: z.enum(INSPECTION_KINDS),
  topic: z.enum(INSPECTION_TOPICS),
  plannedFrom: z.string(),
  actualDate: z.string().nullable(),
  status: z.enum(INSPECTION_STATUSES),
  leaderName: z.string().nullable(),
  violationCount: z.number(),
  requirementCount: z.number(),
  pendingRequirements: z.number(),
  overdueRequirements: z.number(),
});
export type InspectionSummary = z.infer<typeof inspectionSummary>;

export const inspectionPage = pageOf(inspectionSummary);

export const inspectionDetail = inspectionSummary.extend({
  wardCode: z.string().nullable(),
  legalBasis: z.string().nullable(),
  decisionDate: z.string().nullable(),
  decisionSigner: z.string().nullable(),
  plannedTo: z.string().nullable(),
  findings: z.string().nullable(),
  conclusionNumber: z.string().nullable(),
  conclusionDate: z.string().nullable(),
  conclusionSummary: z.string().nullable(),
  conclusionFile: fileRef.nullable(),
  cancelReason: z.string().nullable(),
  team: z.array(z.object({ userId: z.string(), fullName: z.string(), role: z.enum(['leader', 'member']) })),
  violations: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      legalProvision: z.string(),
      fineAmount: z.number().nullable(),
      penaltyDecisionNumber: z.string().nullable(),
      penaltyDecisionDate: z.string().nullable(),
      /** The record of the violating organisations' list made for it (a sanctioned violation, once concluded). */
      violatingOrganizationId: z.string().nullable(),
    }),
  ),
  requirements: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      deadline: z.string(),
      status: z.enum(REQUIREMENT_STATUSES),
      overdue: z.boolean(),
      answerText: z.string().nullable(),
      answerFiles: z.array(fileRef),
      answeredAt: z.string().nullable(),
      reviewReason: z.string().nullable(),
      reviewedAt: z.string().nullable(),
      actions: z.array(z.enum(REQUIREMENT_ACTIONS)),
    }),
  ),
  /** Every step, oldest first: who did what, and why when a reason was given. */
  history: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      toStatus: z.string().nullable(),
      actorName: z.string().nullable(),
      reason: z.string().nullable(),
      requirementId: z.string().nullable(),
    }),
  ),
  actions: z.array(z.enum(INSPECTION_ACTIONS)),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InspectionDetail = z.infer<typeof inspectionDetail>;

/** An inspector who may sit on a team (users of the department). */
export const inspectorOption = z.object({ id: z.string(), fullName: z.string(), userName: z.string() });

// -------------------------------------------------------------------------------------------------- public

/** What the public sees of a concluded inspection: no person's name, no file. */
export const publicInspection = z.object({
  kind: z.enum(INSPECTION_KINDS),
  topic: z.enum(INSPECTION_TOPICS),
  decisionNumber: z.string().nullable(),
  inspectedOn: z.string(),
  status: z.enum(['concluded', 'closed']),
  conclusionNumber: z.string().nullable(),
  conclusionDate: z.string().nullable(),
  conclusionSummary: z.string().nullable(),
  violations: z.array(z.object({ legalProvision: z.string(), fineAmount: z.number().nullable() })),
  requirements: z.array(z.object({ content: z.string(), deadline: z.string(), status: z.enum(REQUIREMENT_STATUSES) })),
});
export const publicInspectedEmployer = z.object({
  /** The employer's public page (`/chi-tiet-doanh-nghiep/{id}`) when the employer is active. */
  businessId: z.string().nullable(),
  businessName: z.string(),
  taxCode: z.string(),
  inspections: z.array(publicInspection),
});
export type PublicInspectedEmployer = z.infer<typeof publicInspectedEmployer>;
export const publicInspectionPage = z.object({
  pageLists: z.array(publicInspectedEmployer),
  totalRecord: z.number(),
});
export const publicInspectionQuery = z.object({
  keyWord: z.string().trim().min(2).max(200),
  pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(20).default(10),
});
