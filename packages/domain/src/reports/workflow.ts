import { FEATURE_GROUPS, registerFeatures, subjectFeature, type PermissionKey } from '../permissions.ts';
import { REVIEW_FEATURE_GROUP } from '../permits/features.ts';
import { defineWorkflow, filerMoves, type TransitionDecl } from '../workflow/index.ts';
import { SUBMISSION_STATES, type SubmissionState } from './filing.ts';

/**
 * A periodic report's filing (issue #25), as one explicit table:
 *
 *   draft ──submit──▶ submitted ──accept──▶ accepted (locked when the report type says lockOnAccept)
 *     │                 │   ▲                  │
 *     │        return (reason, comments on fields)    return (only while not locked)
 *     │                 ▼   │                  │
 *     │              returned ──resubmit──┘ ◀──┘
 *     └── edit, delete (the filer, while a draft)
 *
 * - The filer is the reporter the expected row names: an employer, a commune (as its ward), a service centre or a
 *   training body. It edits and files; a returned report is corrected and filed again (each filing a version).
 * - The reviewer is the department, for every filer (communes' reports included).
 * - After the period closes (`closes_on`), the filer can do nothing more; the department still can.
 */
export const SUBMISSION_STATUSES = SUBMISSION_STATES;
export type SubmissionStatus = SubmissionState;

export const SUBMISSION_ACTIONS = ['edit', 'submit', 'resubmit', 'return', 'accept', 'delete'] as const;
export type SubmissionAction = (typeof SUBMISSION_ACTIONS)[number];

export const SUBMISSION_ACTORS = ['filer', 'reviewer'] as const;
export type SubmissionActor = (typeof SUBMISSION_ACTORS)[number];

/** The notification kinds the moves send (texts in the notifications locale). */
export const SUBMISSION_NOTIFICATIONS = {
  submitted: 'reportSubmitted',
  returned: 'reportReturned',
  accepted: 'reportAccepted',
} as const;

const filer: TransitionDecl<SubmissionStatus, SubmissionAction, SubmissionActor>[] = filerMoves('filer', [
  { status: 'draft', send: 'submit', to: 'submitted', notify: SUBMISSION_NOTIFICATIONS.submitted },
  { status: 'returned', send: 'resubmit', to: 'submitted', notify: SUBMISSION_NOTIFICATIONS.submitted },
  // A returned report was filed: it stays (its versions and the reviewer's comments are the record), never withdrawn.
]).filter((t) => !(t.from === 'returned' && t.action === 'delete'));

export const submissionWorkflow = defineWorkflow({
  name: 'report.submission',
  statuses: SUBMISSION_STATUSES,
  actions: SUBMISSION_ACTIONS,
  actors: SUBMISSION_ACTORS,
  transitions: [
    ...filer,
    // A return says why and points at the fields to correct (the comments, checked by the API).
    {
      from: 'submitted',
      action: 'return',
      to: 'returned',
      actor: 'reviewer',
      needs: { reason: true, fields: ['comments'] },
      notify: SUBMISSION_NOTIFICATIONS.returned,
    },
    {
      from: 'submitted',
      action: 'accept',
      to: 'accepted',
      actor: 'reviewer',
      needs: { confirm: true },
      notify: SUBMISSION_NOTIFICATIONS.accepted,
    },
    // An accepted report of a type that does not lock on acceptance may still be sent back.
    {
      from: 'accepted',
      action: 'return',
      to: 'returned',
      actor: 'reviewer',
      needs: { reason: true, fields: ['comments'] },
      notify: SUBMISSION_NOTIFICATIONS.returned,
    },
  ],
});

/** What stops a move besides the table: the period closed (filer only), the report locked (everyone). */
export interface SubmissionFacts {
  status: SubmissionStatus;
  locked: boolean;
  /** The period's closing day ('YYYY-MM-DD'; from it on nothing more is filed), or null (never closes). */
  closesOn: string | null;
}

/** Whether the period is closed to the filer on `today` (Vietnam's calendar date). */
export function filingClosed(closesOn: string | null, today: string): boolean {
  return closesOn !== null && today >= closesOn;
}

/**
 * Why `actor` may not take `action` on a report in these facts, beyond the table: 'locked' (accepted and locked:
 * nothing moves any more) or 'closed' (the period closed: only the department still acts); null when nothing stops it.
 */
export function submissionBlock(
  facts: SubmissionFacts,
  actor: SubmissionActor,
  today: string,
): 'locked' | 'closed' | null {
  if (facts.locked) return 'locked';
  if (actor === 'filer' && filingClosed(facts.closesOn, today)) return 'closed';
  return null;
}

/** The actions `actor` may take now: the table's, unless the report is locked or the period closed to the filer. */
export function submissionActions(facts: SubmissionFacts, actor: SubmissionActor, today: string): SubmissionAction[] {
  if (submissionBlock(facts, actor, today)) return [];
  return submissionWorkflow.actionsFor(facts.status, actor);
}

/** The receipt's number, taken at the first filing: sequence/year/TNBC (tiếp nhận báo cáo). */
export const receiptNumber = (sequence: number, year: number): string =>
  `${String(sequence).padStart(4, '0')}/${year}/TNBC`;

// ---------------------------------------------------------------------------------------------------------------
// Permissions and pages

export const SUBMISSION_SUBJECT = 'ReportSubmission';

export const SUBMISSION_PERMISSIONS = {
  read: `${SUBMISSION_SUBJECT}.read`,
  create: `${SUBMISSION_SUBJECT}.create`,
  update: `${SUBMISSION_SUBJECT}.update`,
  /** Not a filer's move: the filer's delete of its own draft is `update` (nothing filed is lost). */
  delete: `${SUBMISSION_SUBJECT}.update`,
  review: `${SUBMISSION_SUBJECT}.review`,
} as const satisfies Record<string, PermissionKey>;

registerFeatures(
  FEATURE_GROUPS.reports,
  subjectFeature(SUBMISSION_SUBJECT, 'reportFiling:permissions.subject', ['read', 'create', 'update'], {
    key: 'reports.reportSubmission',
    order: 20,
    actionLabels: { create: 'reportFiling:permissions.create', update: 'reportFiling:permissions.update' },
  }),
);
registerFeatures(REVIEW_FEATURE_GROUP, {
  key: 'review.reportSubmission',
  labelKey: 'reportFiling:permissions.subject',
  children: [
    {
      key: SUBMISSION_PERMISSIONS.review,
      labelKey: 'reportFiling:permissions.review',
      implies: [SUBMISSION_PERMISSIONS.read],
    },
  ],
});

/** The filing pages (the spec's Vietnamese slugs). */
export const FILING_PATHS = {
  list: '/nop-bao-cao/danh-sach',
  submission: '/nop-bao-cao/chi-tiet/:id',
} as const;

export const submissionPath = (id: string): string => FILING_PATHS.submission.replace(':id', id);

/**
 * The filing list as each domain shows it: the same list, filtered by report type. Each view is a route of its
 * own (the spec's slugs); none is a page of its own. `units` narrows who sees the view's menu entry (the employer's
 * and the department's safety-month summaries).
 */
export interface FilingView {
  key: string;
  path: string;
  /** Report type codes the view lists (empty: every type). */
  typeCodes: readonly string[];
  menuGroup: string;
  units?: readonly ('department' | 'district' | 'employer' | 'service_centre' | 'training_body')[];
}

export const FILING_VIEWS: readonly FilingView[] = [
  { key: 'all', path: FILING_PATHS.list, typeCodes: [], menuGroup: 'reports' },
  {
    key: 'annualOsh',
    path: '/an-toan-ve-sinh-lao-dong/bao-cao-an-toan-ve-sinh-lao-dong/danh-sach',
    typeCodes: ['annual-osh'],
    menuGroup: 'safety',
  },
  {
    key: 'communeOsh',
    path: '/an-toan-ve-sinh-lao-dong/bao-cao-don-vi-cap-huyen/danh-sach',
    typeCodes: ['commune-osh'],
    menuGroup: 'safety',
    units: ['department', 'district'],
  },
  // The spec names the two summaries of the action month (the employer's, and the department's with "-so") but
  // not their slugs: these follow the spec's pattern for the department's variants of a list.
  {
    key: 'safetyMonth',
    path: '/bao-cao-thang-hanh-dong-atvsld/danh-sach',
    typeCodes: ['safety-month-business'],
    menuGroup: 'reports',
    units: ['employer'],
  },
  {
    key: 'safetyMonthDepartment',
    path: '/bao-cao-thang-hanh-dong-atvsld-so/danh-sach',
    typeCodes: ['safety-month-business', 'safety-month-department'],
    menuGroup: 'reports',
    units: ['department', 'district'],
  },
];

/** The view a list path shows (the whole list for an unknown path). */
export const filingViewOf = (path: string): FilingView => FILING_VIEWS.find((v) => v.path === path) ?? FILING_VIEWS[0]!;

/** How the filing list sorts ('priority': what waits on the caller first — see the API's list). */
export const FILING_SORTS = ['priority', 'dueOn', 'periodKey', 'reporterName', 'typeName', 'submittedAt'] as const;
export type FilingSort = (typeof FILING_SORTS)[number];

/** A period key as a text key of `reportFiling:periods` and its values. */
export interface PeriodWords {
  key: string;
  vars: Record<string, string>;
}

/**
 * A period key ('2026', '2026-H1', '2026-Q3', '2026-07') as a text key and its values, or null for a key of no
 * known form: said at once by `periodText`, or later in its reader's language (a notification's param).
 */
export function periodWords(key: string): PeriodWords | null {
  const m = /^(\d{4})(?:-(H[12]|Q[1-4]|\d{2}))?$/.exec(key);
  if (!m) return null;
  const year = m[1]!;
  const part = m[2];
  if (!part) return { key: 'reportFiling:periods.year', vars: { year } };
  if (part.startsWith('H')) return { key: `reportFiling:periods.half${part.slice(1)}`, vars: { year } };
  if (part.startsWith('Q')) return { key: 'reportFiling:periods.quarter', vars: { year, quarter: part.slice(1) } };
  return { key: 'reportFiling:periods.month', vars: { year, month: part } };
}

/**
 * A period key in words, through the caller's translation of `reportFiling:periods.<kind>` ('2026' → "năm 2026",
 * '2026-H1' → "6 tháng đầu năm 2026", '2026-Q3' → "quý 3 năm 2026", '2026-07' → "tháng 07/2026"); an unknown
 * key as it is.
 */
export function periodText(key: string, t: (key: string, vars: Record<string, string | number>) => string): string {
  const words = periodWords(key);
  return words ? t(words.key, words.vars) : key;
}
