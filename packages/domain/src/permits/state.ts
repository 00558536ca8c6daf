import { defineWorkflow, type TransitionCheck as WorkflowCheck, type TransitionDecl } from '../workflow/index.ts';

/**
 * Work permits and confirmation certificates (`WorkerLicense`): the life of a request, as one explicit table.
 *
 *   draft ──submit──▶ submitted ──approve──▶ approved ──(validity ends)──▶ expired
 *     ▲                 │   │
 *     │                 │   └──reject──▶ rejected
 *     │              return (reason)
 *     │                 ▼
 *     └─── edit ─── returned ──submit──▶ submitted …
 *
 * - The applicant is the employer the worker belongs to; it edits, attaches its files, submits and withdraws
 *   (deletes) drafts and returned requests. From an approved permit it files extension and renewal requests,
 *   which are new linked requests with the same life.
 * - The reviewer is the provincial department (or an administrator): it returns a request with a reason,
 *   approves it (number and validity) or rejects it with a reason, and may attach documents (the signed permit).
 * - Nobody moves approved → expired: it is derived from the validity dates whenever the status is read
 *   (`effectiveStatus`), so a permit never looks valid after its last day.
 */

/** Request kinds: a new work permit, its extension, its renewal (reissue), a confirmation of exemption. */
export const PERMIT_KINDS = ['new', 'extend', 'renew', 'confirm'] as const;
export type PermitKind = (typeof PERMIT_KINDS)[number];

/** Kinds that are work permits (spec: `worker-license`); `confirm` is the confirmation (`worker-confirm`). */
export const LICENSE_KINDS = ['new', 'extend', 'renew'] as const satisfies readonly PermitKind[];
export const isLicenseKind = (kind: PermitKind): boolean => kind !== 'confirm';

/** Statuses kept in the database. */
export const STORED_STATUSES = ['draft', 'submitted', 'returned', 'approved', 'rejected'] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];

/** Statuses users see: the stored ones plus `expired`, derived from the validity dates. */
export const PERMIT_STATUSES = [...STORED_STATUSES, 'expired'] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];

/** Requests that are still being worked on (at most one such linked request per permit). */
export const OPEN_STATUSES = ['draft', 'submitted', 'returned'] as const satisfies readonly StoredStatus[];

/**
 * What can happen to a request:
 * - edit: change the fields, upload, replace or delete the required files and attachments (applicant);
 * - attach: add or remove the department's own documents, such as the signed permit (reviewer);
 * - submit, return, approve, reject: move it between statuses;
 * - delete: withdraw it (to the trash bin);
 * - extend, renew: file a linked extension or renewal request from this permit (the permit itself is unchanged);
 * - expire: the end of validity (system only, derived).
 */
export const PERMIT_ACTIONS = [
  'edit',
  'attach',
  'submit',
  'return',
  'approve',
  'reject',
  'delete',
  'extend',
  'renew',
  'expire',
] as const;
export type PermitAction = (typeof PERMIT_ACTIONS)[number];

export const PERMIT_ACTORS = ['applicant', 'reviewer', 'system'] as const;
export type PermitActor = (typeof PERMIT_ACTORS)[number];

/** The request's end: `deleted` is not a status, the request leaves the lists (trash bin). */
export type PermitTarget = PermitStatus | 'deleted';

export type Transition = TransitionDecl<PermitStatus, PermitAction, PermitActor>;

/** THE table: every allowed move; anything not listed is refused. */
export const permitWorkflow = defineWorkflow({
  name: 'permits.request',
  statuses: PERMIT_STATUSES,
  actions: PERMIT_ACTIONS,
  actors: PERMIT_ACTORS,
  transitions: [
    { from: 'draft', action: 'edit', to: 'draft', actor: 'applicant' },
    {
      from: 'draft',
      action: 'submit',
      to: 'submitted',
      actor: 'applicant',
      needs: { confirm: true, files: true },
      notify: 'permitSubmitted',
    },
    { from: 'draft', action: 'delete', to: 'deleted', actor: 'applicant', needs: { confirm: true } },
    {
      from: 'submitted',
      action: 'return',
      to: 'returned',
      actor: 'reviewer',
      needs: { reason: true },
      notify: 'permitReturned',
    },
    {
      from: 'submitted',
      action: 'approve',
      to: 'approved',
      actor: 'reviewer',
      needs: { fields: ['number', 'validFrom', 'validTo'] },
      notify: 'permitApproved',
    },
    {
      from: 'submitted',
      action: 'reject',
      to: 'rejected',
      actor: 'reviewer',
      needs: { reason: true },
      notify: 'permitRejected',
    },
    { from: 'submitted', action: 'attach', to: 'submitted', actor: 'reviewer' },
    { from: 'returned', action: 'edit', to: 'returned', actor: 'applicant' },
    {
      from: 'returned',
      action: 'submit',
      to: 'submitted',
      actor: 'applicant',
      needs: { confirm: true, files: true },
      notify: 'permitSubmitted',
    },
    { from: 'returned', action: 'delete', to: 'deleted', actor: 'applicant', needs: { confirm: true } },
    { from: 'approved', action: 'attach', to: 'approved', actor: 'reviewer' },
    { from: 'approved', action: 'extend', to: 'approved', actor: 'applicant' },
    { from: 'approved', action: 'renew', to: 'approved', actor: 'applicant' },
    { from: 'approved', action: 'expire', to: 'expired', actor: 'system' },
  ],
});

export const TRANSITIONS: readonly Transition[] = permitWorkflow.transitions;

export type TransitionCheck = WorkflowCheck<PermitStatus>;

export function checkTransition(from: PermitStatus, action: PermitAction, actor: PermitActor | null): TransitionCheck {
  return permitWorkflow.check(from, action, actor);
}

/** Actions this actor may take on a request in this status (the page shows exactly these buttons). */
export function allowedActions(status: PermitStatus, actor: PermitActor | null): PermitAction[] {
  return permitWorkflow.actionsFor(status, actor);
}

/**
 * Expired is derived: an approved request whose last valid day (Vietnam's calendar) is before today.
 * `today` and `validTo` are 'YYYY-MM-DD' (string order is date order).
 */
export function effectiveStatus(stored: StoredStatus, validTo: string | null, today: string): PermitStatus {
  if (stored === 'approved' && validTo !== null && validTo < today) return 'expired';
  return stored;
}

/**
 * Who the caller is for one request: the applicant when the caller is a user of the request's employer; the
 * reviewer when the caller sees the whole province and may review; nobody otherwise (a district officer reads
 * only; another employer does not even see the request).
 */
export function actorFor(
  caller: {
    employerId: string | null;
    wholeProvince: boolean;
    canReview: boolean;
    canEdit: boolean;
  },
  requestEmployerId: string,
): PermitActor | null {
  if (caller.employerId !== null) return caller.employerId === requestEmployerId && caller.canEdit ? 'applicant' : null;
  if (caller.wholeProvince && caller.canReview) return 'reviewer';
  return null;
}
