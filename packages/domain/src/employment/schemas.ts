import { z } from 'zod';
import { optionalText } from '../inputs.ts';
import { workflowEvent } from '../workflow/schemas.ts';
import { DISTANCE_BANDS, MATCH_FACTORS, MATCH_LIMIT_MAX } from './constants.ts';
import { REFERRAL_ACTIONS, REFERRAL_STATUSES, REFUSAL_REASONS } from './referrals.ts';

/** Request and answer shapes of matching and the public board (API validation and OpenAPI). */

export const matchQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MATCH_LIMIT_MAX).default(20),
});

/** Why a result matched: one line per factor, with the points it brought of the most it could. */
export const matchReason = z.object({
  factor: z.enum(MATCH_FACTORS),
  /** The case the factor fell in: `same`/`group` (occupation), a distance band, `fits`/`close`/`below`/`unknown` (pay), … */
  fit: z.string(),
  points: z.number().int(),
  max: z.number().int(),
  /**
   * What the sentence names: the two occupations, the distance in km, the pay figures, the skills in common. A
   * value not known (no pay wish, no commune map) is left out.
   */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

const named = z.object({ id: z.string(), name: z.string() });

export const vacancyMatch = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
  employer: named.nullable(),
  occupation: named,
  commune: named.nullable(),
  quantity: z.number().int().nullable(),
  payFrom: z.number().int().nullable(),
  payTo: z.number().int().nullable(),
  closingDate: z.string(),
  score: z.number().int(),
  distanceBand: z.enum(DISTANCE_BANDS),
  reasons: z.array(matchReason),
});

export const seekerMatch = z.object({
  id: z.uuid(),
  code: z.string(),
  fullName: z.string(),
  birthYear: z.number().int().nullable(),
  occupation: named,
  commune: named.nullable(),
  educationLevel: z.string().nullable(),
  experienceYears: z.number().nullable(),
  desiredPay: z.number().int().nullable(),
  score: z.number().int(),
  distanceBand: z.enum(DISTANCE_BANDS),
  reasons: z.array(matchReason),
});

export const matchesAnswer = <T extends z.ZodType>(item: T) =>
  z.object({
    /** The record matched for: its title and what it was matched on. */
    subject: z.object({
      id: z.uuid(),
      code: z.string(),
      title: z.string(),
      occupation: named,
      commune: named.nullable(),
    }),
    items: z.array(item),
  });

export const boardQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  keyword: z.string().trim().max(100).optional(),
  occupationId: z.uuid().optional(),
  adminUnitId: z
    .string()
    .regex(/^(2025|legacy):\d{2,5}$/)
    .optional(),
});

export const boardItem = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
  employer: z.string().nullable(),
  occupation: z.string(),
  commune: z.string().nullable(),
  quantity: z.number().int().nullable(),
  payFrom: z.number().int().nullable(),
  payTo: z.number().int().nullable(),
  contractKind: z.string().nullable(),
  educationLevel: z.string().nullable(),
  requirements: z.string().nullable(),
  closingDate: z.string(),
  postedDate: z.string().nullable(),
});

// ------------------------------------------------------------------------------------------------ referrals

export const referralCreateBody = z.object({
  seekerId: z.uuid(),
  vacancyId: z.uuid(),
  note: optionalText(2000),
});

export const referralListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyWord: z.string().trim().max(200).optional(),
  status: z.enum(REFERRAL_STATUSES).optional(),
  /** Still waiting on the employer (new, seen, interview). */
  waiting: z.enum(['true', 'false']).optional(),
  /** Placements whose follow-up is due by today and not recorded. */
  followUpDue: z.enum(['true', 'false']).optional(),
  seekerId: z.uuid().optional(),
  vacancyId: z.uuid().optional(),
});

/** A move's body: the version read, and what the move needs (a reason, the refusal's reason, the hire date). */
export const referralMoveBody = z
  .object({
    version: z.number().int().optional(),
    reason: optionalText(1000),
    refusalReason: z.enum(REFUSAL_REASONS).optional(),
    hiredDate: z.iso.date().optional(),
  })
  .default({ reason: null });

export const referralFollowUpBody = z.object({
  followedUpOn: z.iso.date(),
  stillEmployed: z.boolean(),
  note: optionalText(2000),
});

export const referralSummary = z.object({
  id: z.uuid(),
  code: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  seeker: z.object({ id: z.uuid(), code: z.string(), fullName: z.string(), birthYear: z.number().int().nullable() }),
  vacancy: z.object({ id: z.uuid(), code: z.string(), title: z.string() }),
  employer: z.object({ id: z.uuid(), name: z.string() }),
  referredOn: z.string(),
  expiresOn: z.string().nullable(),
  hiredDate: z.string().nullable(),
  followUpDue: z.string().nullable(),
  followedUpOn: z.string().nullable(),
  refusalReason: z.enum(REFUSAL_REASONS).nullable(),
  /** The moves the caller may make now (the actions bar). */
  actions: z.array(z.enum(REFERRAL_ACTIONS)),
  /** The caller may record the follow-up (a hired placement, the centre's side). */
  canFollowUp: z.boolean(),
  version: z.number().int(),
});

export const referralDetail = referralSummary.extend({
  note: z.string().nullable(),
  reason: z.string().nullable(),
  followUpNote: z.string().nullable(),
  stillEmployed: z.boolean().nullable(),
  seekerContact: z.object({
    phone: z.string().nullable(),
    educationLevel: z.string().nullable(),
    occupation: z.string(),
    commune: z.string().nullable(),
  }),
  history: z.array(workflowEvent),
});

export const boardOccupation = z.object({ id: z.uuid(), code: z.string(), name: z.string(), open: z.number().int() });
