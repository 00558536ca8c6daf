import { z } from 'zod';
import { optionalText } from '../inputs.ts';
import { FEATURE_GROUPS, registerFeatures, subjectFeature } from '../permissions.ts';
import { citizenIdProblem } from '../workers/citizen-id.ts';
import {
  FAIR_KINDS,
  FAIR_PARTICIPATION_SUBJECT,
  FAIR_STATUSES,
  INTERVIEW_OUTCOMES,
  TICKET_PATTERN,
} from './constants.ts';

export {
  FAIR_KINDS,
  FAIR_PARTICIPATION_SUBJECT,
  FAIR_STATUSES,
  FAIR_SUBJECT,
  INTERVIEW_OUTCOMES,
  TICKET_ALPHABET,
  TICKET_PATTERN,
  type InterviewOutcome,
} from './constants.ts';
export { FAIR_PAGES } from './pages.ts';

/**
 * Job exchange sessions (phiên giao dịch việc làm, Decree 23/2021 Art 13 and 17): the centre plans a session (a
 * catalogue area, `jobFair`); employers register with their open vacancies and get a stall; job seekers register —
 * on the public calendar or at the centre — and get a ticket whose QR code is checked at the door; each stall records
 * its interviews and their outcome; the session's results are counted from those rows.
 */

registerFeatures(
  FEATURE_GROUPS.employment,
  subjectFeature(FAIR_PARTICIPATION_SUBJECT, 'employment:fairs.participation', ['read', 'create', 'update', 'delete'], {
    key: 'employment.fairParticipation',
    order: 135,
  }),
);

export const FAIR_API = {
  /** A session's stalls, registrations, interviews and results. */
  board: '/api/JobFair/jobFairs/{id}/board',
  stalls: '/api/JobFair/jobFairs/{id}/stalls',
  stall: '/api/JobFair/jobFairs/{id}/stalls/{stallId}',
  attendees: '/api/JobFair/jobFairs/{id}/attendees',
  interviews: '/api/JobFair/jobFairs/{id}/interviews',
  /** The door: a ticket's code (what its QR code holds) checks the person in. */
  checkIn: '/api/JobFair/check-in',
  /** Public: the coming sessions and registering for one (no sign-in, no personal data shown). */
  publicCalendar: '/api/JobFair/public-calendar',
  publicRegister: '/api/JobFair/public-calendar/{id}/register',
} as const;

const phone = z
  .string()
  .trim()
  .regex(/^(\+84|0)\d{9,10}$/, { error: 'employment:fairs.validation.phone' });

const citizenId = z
  .string()
  .trim()
  .refine((v) => citizenIdProblem(v) === null, { error: 'employment:fairs.validation.citizenId' });

const ticket = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(TICKET_PATTERN, { error: 'employment:fairs.validation.ticket' }));

/** An employer takes a stall with some of its open vacancies (the centre may register it). */
export const stallBody = z.object({
  businessId: z.uuid().optional(),
  vacancyIds: z.array(z.uuid()).min(1, { error: 'employment:fairs.validation.vacancies' }).max(30),
  contactName: optionalText(200),
  contactPhone: phone.nullish().transform((v) => v ?? null),
});

/** A job seeker registered at the centre: one of its job seekers, or a person by name and phone. */
export const attendeeBody = z
  .object({
    seekerId: z.uuid().optional(),
    fullName: z.string().trim().min(2).max(200).optional(),
    phone: phone.optional(),
    citizenId: citizenId.optional(),
  })
  .refine((b) => b.seekerId || (b.fullName && b.phone), {
    error: 'employment:fairs.validation.who',
    path: ['fullName'],
  });

/** The public form: who, how to reach them, what work they look for; the citizen ID links an existing registration. */
export const publicRegisterBody = z.object({
  fullName: z.string().trim().min(2, { error: 'employment:fairs.validation.fullName' }).max(200),
  phone,
  citizenId: citizenId.nullish().transform((v) => v ?? null),
  occupationWanted: optionalText(200),
});

export const checkInBody = z.object({ ticket });

export const interviewBody = z.object({
  stallId: z.uuid(),
  ticket,
  vacancyId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  outcome: z.enum(INTERVIEW_OUTCOMES),
  note: optionalText(1000),
});

export const attendeeQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyWord: z.string().trim().max(100).optional(),
  checkedIn: z.enum(['true', 'false']).optional(),
});

const named = z.object({ id: z.uuid(), name: z.string() });

export const fairFacts = z.object({
  id: z.uuid(),
  code: z.string(),
  title: z.string(),
  kind: z.enum(FAIR_KINDS),
  status: z.enum(FAIR_STATUSES),
  heldOn: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  place: z.string().nullable(),
  commune: z.string().nullable(),
  onlineLink: z.string().nullable(),
  registrationCloses: z.string().nullable(),
  description: z.string().nullable(),
  /** Registrations are taken (open, not past, not after the closing day). */
  registering: z.boolean(),
  past: z.boolean(),
});

export const fairResults = z.object({
  employers: z.number().int(),
  vacancies: z.number().int(),
  positions: z.number().int(),
  seekersRegistered: z.number().int(),
  seekersCheckedIn: z.number().int(),
  interviews: z.number().int(),
  shortlisted: z.number().int(),
  hires: z.number().int(),
});

export const stallItem = z.object({
  id: z.uuid(),
  stallNo: z.number().int(),
  employer: named,
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  vacancies: z.array(
    z.object({ id: z.uuid(), code: z.string(), title: z.string(), quantity: z.number().int().nullable() }),
  ),
  interviews: z.number().int(),
  hires: z.number().int(),
  /** The caller's own stall (an employer records its interviews there). */
  own: z.boolean(),
});

export const interviewItem = z.object({
  id: z.uuid(),
  stallId: z.uuid(),
  stallNo: z.number().int(),
  employer: z.string(),
  attendee: z.object({ id: z.uuid(), fullName: z.string(), ticket: z.string() }),
  vacancy: z.string().nullable(),
  outcome: z.enum(INTERVIEW_OUTCOMES),
  note: z.string().nullable(),
  recordedAt: z.string(),
});

export const fairBoard = z.object({
  fair: fairFacts,
  results: fairResults,
  stalls: z.array(stallItem),
  interviews: z.array(interviewItem),
  /** What the caller may do here. */
  can: z.object({
    registerStall: z.boolean(),
    registerSeekers: z.boolean(),
    checkIn: z.boolean(),
    /** The registrations (personal data) are the centre's. */
    seeAttendees: z.boolean(),
  }),
});

export const attendeeItem = z.object({
  id: z.uuid(),
  ticket: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  seekerId: z.uuid().nullable(),
  via: z.enum(['public', 'centre']),
  registeredAt: z.string(),
  checkedInAt: z.string().nullable(),
});

/** A ticket as its holder gets it: the code, the QR code of the check-in address, the session. */
export const ticketAnswer = z.object({
  ticket: z.string(),
  fullName: z.string(),
  fair: z.object({ id: z.uuid(), title: z.string(), heldOn: z.string(), place: z.string().nullable() }),
  checkInUrl: z.string(),
  /** A PNG data URL of `checkInUrl`. */
  qr: z.string(),
  /** Already registered for this session (same phone or citizen ID): the ticket given then. */
  existing: z.boolean(),
});

export const checkInAnswer = z.object({
  attendee: z.object({ id: z.uuid(), fullName: z.string(), ticket: z.string() }),
  fair: z.object({ id: z.uuid(), title: z.string(), heldOn: z.string() }),
  checkedInAt: z.string(),
  /** The ticket had been checked in before (the time is the first check-in's). */
  already: z.boolean(),
});

export const publicFair = fairFacts.omit({ description: true }).extend({
  description: z.string().nullable(),
  employers: z.array(z.object({ name: z.string(), stallNo: z.number().int(), vacancies: z.array(z.string()) })),
  positions: z.number().int(),
});

export const publicCalendarQuery = z.object({
  /** Sessions from this month (YYYY-MM), three months on; default the current month. */
  from: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
});
