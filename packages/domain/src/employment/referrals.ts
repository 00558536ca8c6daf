import { FEATURE_GROUPS, registerFeatures, subjectFeature } from '../permissions.ts';
import { defineWorkflow } from '../workflow/index.ts';

/**
 * Referrals (giới thiệu việc làm): the service centre refers a job seeker to a vacancy; the employer answers in
 * the portal (seen, invited to an interview, hired, or refused with a reason from a fixed list); the centre may
 * cancel; a referral nobody answered lapses. A placement gets its follow-up due some months after the hire (Decree
 * 23/2021 Art 13, Form 04). How long a referral waits and when the follow-up falls are reference data (deadline
 * rules below), not constants. Plain lists only: the shell loads this file.
 */

export const REFERRAL_STATUSES = [
  'new',
  'inProgress',
  'interview',
  'hired',
  'refused',
  'cancelled',
  'expired',
] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
/** Still waiting on the employer's answer. */
export const REFERRAL_OPEN: readonly ReferralStatus[] = ['new', 'inProgress', 'interview'];

export const REFERRAL_ACTIONS = ['acknowledge', 'invite', 'hire', 'refuse', 'cancel', 'expire'] as const;
export type ReferralAction = (typeof REFERRAL_ACTIONS)[number];
/** The centre refers and cancels; the employer answers; the system lets unanswered referrals lapse. */
export const REFERRAL_ACTORS = ['centre', 'employer', 'system'] as const;
export type ReferralActor = (typeof REFERRAL_ACTORS)[number];

/** Why an employer did not hire (fixed, so the centre can count them). */
export const REFUSAL_REASONS = [
  'notReachable',
  'notQualified',
  'positionFilled',
  'seekerDeclined',
  'conditionsMismatch',
  'hiredElsewhere',
  'other',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const referralWorkflow = defineWorkflow({
  name: 'employment.referral',
  statuses: REFERRAL_STATUSES,
  actions: REFERRAL_ACTIONS,
  actors: REFERRAL_ACTORS,
  transitions: [
    { from: 'new', action: 'acknowledge', to: 'inProgress', actor: 'employer', notify: 'referralAnswered' },
    { from: 'new', action: 'invite', to: 'interview', actor: 'employer', notify: 'referralAnswered' },
    { from: 'inProgress', action: 'invite', to: 'interview', actor: 'employer', notify: 'referralAnswered' },
    ...(['new', 'inProgress', 'interview'] as const).flatMap((from) => [
      {
        from,
        action: 'hire' as const,
        to: 'hired' as const,
        actor: 'employer' as const,
        needs: { confirm: true, fields: ['hiredDate'] },
        notify: 'referralAnswered',
      },
      {
        from,
        action: 'refuse' as const,
        to: 'refused' as const,
        actor: 'employer' as const,
        needs: { reason: true, fields: ['refusalReason'] },
        notify: 'referralAnswered',
      },
      {
        from,
        action: 'cancel' as const,
        to: 'cancelled' as const,
        actor: 'centre' as const,
        needs: { reason: true, confirm: true },
        notify: 'referralCancelled',
      },
    ]),
    { from: 'new', action: 'expire', to: 'expired', actor: 'system', notify: 'referralExpired' },
    { from: 'inProgress', action: 'expire', to: 'expired', actor: 'system', notify: 'referralExpired' },
  ],
});

/** Deadline rules (LegalDeadline rows) the referrals and vacancies are judged by, on the record's date. */
export const EMPLOYMENT_RULES = {
  /** Days a new or seen referral waits for the employer's answer before it lapses. */
  referralExpiryDays: 'employment.referral.expiryDays',
  /** Months after a hire when the centre follows the placement up (Decree 23/2021 Art 13, Form 04). */
  followUpMonths: 'employment.placement.followUpMonths',
  /** Days without an update after which an open vacancy closes, with a notice to its employer. */
  vacancyStaleDays: 'employment.vacancy.staleDays',
} as const;

export const REFERRAL_API = {
  list: '/api/JobReferral/jobReferrals',
  detail: '/api/JobReferral/jobReferrals/{id}',
  create: '/api/JobReferral/jobReferrals',
  /** POST …/{action}/{id}: acknowledge, invite, hire, refuse, cancel. */
  area: '/api/JobReferral',
  followUp: '/api/JobReferral/follow-up/{id}',
} as const;

export { REFERRAL_PAGES } from './pages.ts';

export const REFERRAL_SUBJECT = 'JobReferral';

/**
 * `create` refers and `delete` removes (the centre's, the department's); `update` answers for an employer and
 * cancels or records a follow-up for the centre (the workflow's actor decides which).
 */
registerFeatures(
  FEATURE_GROUPS.employment,
  subjectFeature(REFERRAL_SUBJECT, 'employment:referrals.title', ['read', 'create', 'update', 'delete'], {
    key: 'employment.referral',
    order: 130,
  }),
);

/** The quarterly labour-market information report (supply, demand and the gap; the centre's activity). */
export const LABOUR_MARKET_SUBJECT = 'LabourMarketReport';
export const LABOUR_MARKET_API = {
  table: '/api/LabourMarket/report',
  export: '/api/LabourMarket/report/export-excel',
  pdf: '/api/LabourMarket/report/pdf',
} as const;
export { LABOUR_MARKET_PAGE } from './pages.ts';

registerFeatures(
  FEATURE_GROUPS.employment,
  subjectFeature(LABOUR_MARKET_SUBJECT, 'employment:labourMarket.title', ['read'], {
    key: 'employment.labourMarket',
    order: 140,
  }),
);
