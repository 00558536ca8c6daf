import { z } from 'zod';
import { optionalText } from '../inputs.ts';
import {
  ACCIDENT_STATUSES,
  DOSSIER_KINDS,
  INVESTIGATION_ACTIONS,
  INVESTIGATION_CLASSES,
  INVESTIGATION_STATUSES,
  ROUTING_RECIPIENTS,
  SEVERITIES,
} from './rules.ts';
import { pageOf } from '../paging.ts';

/**
 * Request and response shapes of the accident calls (`/api/Accident/…`), shared by the API (validation, OpenAPI)
 * and the web (forms validate with the same schemas). Rule messages are keys `accidents:validation.*`.
 */

export const MAX_VICTIMS = 100;
export const MAX_TEAM = 30;
export const MAX_DOSSIER_FILES = 100;

const requiredText = (min: number, max: number, key: string) =>
  z
    .string({ error: `accidents:validation.${key}` })
    .trim()
    .min(min, { error: `accidents:validation.${key}` })
    .max(max);
const money = z.number().min(0).max(1e15).default(0);
const version = z.number().int().min(1);
// Dates the database can hold and a person means (the API refuses year 0 and the like with 400, not 500).
const isoDate = z.iso.date().refine((v) => v >= '1900-01-01' && v <= '2999-12-31');
const adminUnitId = z.string().regex(/^(legacy|2025):[0-9]{2,5}$/, { error: 'accidents:validation.ward' });

// -------------------------------------------------------------------------------------------------- bodies

export const victimInput = z.object({
  /** A worker of the employer's register; absent for a person outside it. */
  workerId: z.uuid().nullish(),
  fullName: requiredText(2, 200, 'victimName'),
  female: z.boolean().default(false),
  birthYear: z.number().int().min(1900).max(2100).nullish(),
  occupationId: z.uuid().nullish(),
  /** The injury type (InjuryReason catalogue, "loại chấn thương"). */
  injuryTypeId: z.uuid().nullish(),
  bodyPart: optionalText(200),
  severity: z.enum(SEVERITIES),
  /** False: not under the employer's management (Appendix XII). */
  underManagement: z.boolean().default(true),
  daysOff: z.number().int().min(0).max(100_000).default(0),
  medicalCost: money,
  wageCost: money,
  compensationCost: money,
});
export type VictimInput = z.infer<typeof victimInput>;

const victims = z
  .array(victimInput)
  .min(1, { error: 'accidents:validation.victimsRequired' })
  .max(MAX_VICTIMS, { error: 'accidents:validation.tooManyVictims' })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((v, i) => {
      if (!v.workerId) return;
      if (seen.has(v.workerId))
        ctx.addIssue({ code: 'custom', path: [i, 'workerId'], message: 'accidents:validation.duplicateWorker' });
      seen.add(v.workerId);
    });
  });

export const accidentFields = z.object({
  /** The commune (ward) where it happened. */
  wardId: adminUnitId,
  occurredAt: z.iso.datetime({ offset: true, error: 'accidents:validation.occurredAt' }),
  place: requiredText(3, 500, 'place'),
  description: requiredText(10, 4000, 'description'),
  /** Main cause (AccidentReason catalogue, codes NN01…). */
  accidentReasonId: z.uuid().nullish(),
  /** Injury factor (InjuryElement catalogue). */
  injuryElementId: z.uuid().nullish(),
  /** Entitled to the allowance under Law Art 39.2 (e.g. on the way to or from work): Appendix XII section 2. */
  allowanceCase: z.boolean().default(false),
  propertyDamage: money,
  otherCost: money,
  /** The employer's risk assessment of the work area (RiskAssessment). */
  riskAssessmentId: z.uuid().nullish(),
  reporterName: optionalText(200),
  reporterPhone: optionalText(30),
  victims,
});

/**
 * add-accident: the declaration; the answer carries its receipt number at once. The employer is the caller's own
 * (from the token); a commune's declaration (workers without a labour contract) has none.
 */
export const newAccidentBody = accidentFields;
export type NewAccidentBody = z.infer<typeof newAccidentBody>;

/** update-accident/{id}: a new version, with the version read and why it changes. */
export const updateAccidentBody = accidentFields.extend({
  version,
  reason: requiredText(5, 1000, 'reason'),
});
export type UpdateAccidentBody = z.infer<typeof updateAccidentBody>;

/** return-accident/{id}: the department asks the declarant to complete it. */
export const returnAccidentBody = z.object({
  version: version.optional(),
  reason: requiredText(5, 2000, 'reason'),
});
export type ReturnAccidentBody = z.infer<typeof returnAccidentBody>;

export const teamMember = z.object({
  name: requiredText(2, 200, 'memberName'),
  role: optionalText(200),
  organisation: optionalText(300),
});
export type TeamMember = z.infer<typeof teamMember>;

export const dossierFileInput = z.object({
  kind: z.enum(DOSSIER_KINDS),
  fileId: z.uuid(),
  note: optionalText(500),
});
export type DossierFileInput = z.infer<typeof dossierFileInput>;

export const openInvestigationBody = z.object({
  accidentId: z.uuid(),
  /** A technical or forensic examination is needed: the 60-day deadline. */
  expertExamination: z.boolean().default(false),
  team: z.array(teamMember).max(MAX_TEAM).default([]),
});
export type OpenInvestigationBody = z.infer<typeof openInvestigationBody>;

export const updateInvestigationBody = z.object({
  version,
  expertExamination: z.boolean().optional(),
  team: z.array(teamMember).max(MAX_TEAM).optional(),
  conclusions: optionalText(8000).optional(),
  measures: optionalText(8000).optional(),
  files: z.array(dossierFileInput).max(MAX_DOSSIER_FILES).optional(),
});
export type UpdateInvestigationBody = z.infer<typeof updateInvestigationBody>;

export const extendInvestigationBody = z.object({
  version: version.optional(),
  days: z.number().int().min(1).max(366),
  reason: requiredText(5, 2000, 'reason'),
});
export type ExtendInvestigationBody = z.infer<typeof extendInvestigationBody>;

export const concludeInvestigationBody = z.object({
  version: version.optional(),
  concludedOn: isoDate,
  conclusions: requiredText(10, 8000, 'conclusions'),
  measures: requiredText(5, 8000, 'measures'),
});
export type ConcludeInvestigationBody = z.infer<typeof concludeInvestigationBody>;

// -------------------------------------------------------------------------------------------------- lists

const sortOrder = z.enum(['asc', 'desc', 'ascend', 'descend']).optional();
const page = {
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  keyWord: z.string().trim().max(200).optional(),
};

export const ACCIDENT_SORTS = ['occurredAt', 'code', 'severity', 'updatedAt', 'businessName'] as const;
export const accidentListQuery = z.object({
  ...page,
  severity: z.enum(SEVERITIES).optional(),
  status: z.enum(ACCIDENT_STATUSES).optional(),
  /** Fatal or serious declarations without an investigation (the department's workspace card). */
  toInvestigate: z.enum(['true', 'false']).optional(),
  businessId: z.uuid().optional(),
  occurredFrom: isoDate.optional(),
  occurredTo: isoDate.optional(),
  sortField: z.enum(ACCIDENT_SORTS).optional(),
  sortOrder,
});
export type AccidentListQuery = z.infer<typeof accidentListQuery>;

export const INVESTIGATION_SORTS = ['dueOn', 'openedAt', 'code'] as const;
export const investigationListQuery = z.object({
  ...page,
  status: z.enum(INVESTIGATION_STATUSES).optional(),
  overdue: z.enum(['true', 'false']).optional(),
  sortField: z.enum(INVESTIGATION_SORTS).optional(),
  sortOrder,
});
export type InvestigationListQuery = z.infer<typeof investigationListQuery>;

// -------------------------------------------------------------------------------------------------- answers

export const ACCIDENT_ACTIONS = ['amend', 'return', 'investigate', 'receipt'] as const;
export type AccidentAction = (typeof ACCIDENT_ACTIONS)[number];

export const accidentSummary = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(ACCIDENT_STATUSES),
  severity: z.enum(SEVERITIES),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  declarantKind: z.enum(['employer', 'commune']),
  declaredByUnitName: z.string().nullable(),
  wardId: z.string().nullable(),
  wardName: z.string().nullable(),
  occurredAt: z.string(),
  notifiedAt: z.string(),
  place: z.string(),
  victimCount: z.number(),
  deathCount: z.number(),
  seriousCount: z.number(),
  investigationId: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccidentSummary = z.infer<typeof accidentSummary>;

export const victimAnswer = z.object({
  id: z.string(),
  workerId: z.string().nullable(),
  fullName: z.string(),
  female: z.boolean(),
  birthYear: z.number().nullable(),
  occupationId: z.string().nullable(),
  occupationName: z.string().nullable(),
  injuryTypeId: z.string().nullable(),
  injuryTypeName: z.string().nullable(),
  bodyPart: z.string().nullable(),
  severity: z.enum(SEVERITIES),
  underManagement: z.boolean(),
  daysOff: z.number(),
  medicalCost: z.number(),
  wageCost: z.number(),
  compensationCost: z.number(),
});
export type VictimAnswer = z.infer<typeof victimAnswer>;

export const routingAnswer = z.object({
  ruleCode: z.string(),
  recipient: z.enum(ROUTING_RECIPIENTS),
  recipientName: z.string(),
  legalBasis: z.string().nullable(),
  notifiedUsers: z.number(),
  routedAt: z.string(),
  routedByName: z.string().nullable(),
});
export type RoutingAnswer = z.infer<typeof routingAnswer>;

export const accidentDetail = accidentSummary.extend({
  description: z.string(),
  accidentReasonId: z.string().nullable(),
  accidentReasonName: z.string().nullable(),
  injuryElementId: z.string().nullable(),
  injuryElementName: z.string().nullable(),
  allowanceCase: z.boolean(),
  propertyDamage: z.number(),
  otherCost: z.number(),
  riskAssessmentId: z.string().nullable(),
  riskAssessmentTitle: z.string().nullable(),
  reporterName: z.string().nullable(),
  reporterPhone: z.string().nullable(),
  returnReason: z.string().nullable(),
  victims: z.array(victimAnswer),
  routings: z.array(routingAnswer),
  actions: z.array(z.enum(ACCIDENT_ACTIONS)),
});
export type AccidentDetail = z.infer<typeof accidentDetail>;

export const accidentPage = pageOf(accidentSummary);
export type AccidentPage = z.infer<typeof accidentPage>;

const change = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

/** accident-versions/{id}: every version, newest first, each with what changed against the one before it. */
export const accidentVersions = z.object({
  versions: z.array(
    z.object({
      version: z.number(),
      at: z.string(),
      changedByName: z.string().nullable(),
      reason: z.string().nullable(),
      current: z.boolean(),
      snapshot: z.record(z.string(), z.unknown()),
      changes: z.array(change),
    }),
  ),
});
export type AccidentVersions = z.infer<typeof accidentVersions>;

// The investigation's actions are its workflow's (rules.ts).
export { INVESTIGATION_ACTIONS, type InvestigationAction } from './rules.ts';

export const investigationSummary = z.object({
  id: z.string(),
  accidentId: z.string(),
  accidentCode: z.string(),
  severity: z.enum(SEVERITIES),
  businessName: z.string().nullable(),
  occurredAt: z.string(),
  status: z.enum(INVESTIGATION_STATUSES),
  investigationClass: z.enum(INVESTIGATION_CLASSES),
  notifiedOn: z.string(),
  deadlineDays: z.number(),
  dueOn: z.string(),
  extended: z.boolean(),
  overdue: z.boolean(),
  concludedOn: z.string().nullable(),
  openedAt: z.string(),
  version: z.number(),
});
export type InvestigationSummary = z.infer<typeof investigationSummary>;

export const investigationDetail = investigationSummary.extend({
  deadlineCode: z.string(),
  deadlineRule: z.string(),
  legalBasis: z.string(),
  expertExamination: z.boolean(),
  extensionDays: z.number().nullable(),
  extensionReason: z.string().nullable(),
  team: z.array(z.object({ name: z.string(), role: z.string().nullable(), organisation: z.string().nullable() })),
  conclusions: z.string().nullable(),
  measures: z.string().nullable(),
  files: z.array(
    z.object({
      kind: z.enum(DOSSIER_KINDS),
      fileId: z.string(),
      fileName: z.string(),
      note: z.string().nullable(),
      uploadedAt: z.string(),
    }),
  ),
  actions: z.array(z.enum(INVESTIGATION_ACTIONS)),
});
export type InvestigationDetail = z.infer<typeof investigationDetail>;

export const investigationPage = pageOf(investigationSummary);
export type InvestigationPage = z.infer<typeof investigationPage>;
