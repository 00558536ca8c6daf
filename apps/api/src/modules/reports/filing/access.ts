import { sql, type Expression, type SqlBool } from 'kysely';
import { SUBMISSION_PERMISSIONS, type SubmissionActor } from '@portal/domain/reports/workflow';
import { permits, type Principal } from '../../../platform/access/index.ts';
import { inLocalUnit } from '../../../platform/access/scope.ts';
import type { ReportFiler } from '../types.ts';

/**
 * Who the caller is for periodic reports, always from the token:
 * - a filer files as the reporter its unit is: an employer as its employer, a commune unit as its ward, a service
 *   centre or a training body as its unit (the `reporter_kind` / `reporter_key` of the expected rows);
 * - a commune also reads the reports of the employers in its area (never their drafts);
 * - the department (and administrators, inspectors) read every report; with the review permission the
 *   department returns and accepts them. It files its own summaries to the ministry as its unit.
 *
 * The one place that says which reporter a user is (the reminders, the calendar feed and the workspace use it too,
 * through the filing module's index).
 */
export interface Reporter {
  kind: ReportFiler;
  /** The business id of an employer, the ward code of a commune, else the unit id. */
  key: string;
}

/** The reporter a signed-in user files as: its unit's (migration 0038's `reporter_kind` / `reporter_key`), or null. */
export function reporterOf(principal: Principal | null): Reporter | null {
  const unit = principal?.unit;
  switch (unit?.kind) {
    case 'employer':
      return unit.businessId ? { kind: 'business', key: unit.businessId } : null;
    case 'district':
      return unit.localUnitCode ? { kind: 'commune', key: unit.localUnitCode } : null;
    case 'service_centre':
      return { kind: 'serviceCentre', key: unit.id };
    case 'training_body':
      return { kind: 'trainingBody', key: unit.id };
    // The department files its own summaries to the ministry (the action month's), as its unit.
    case 'department':
      return { kind: 'department', key: unit.id };
    default:
      return null;
  }
}

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/**
 * The rows of one reporter, over `alias`: an expected row (report_expected) or a submission (report_submission).
 * An employer's by `business_id`, which both tables carry and index; the others by their reporter key.
 */
export function ofReporter(reporter: Reporter, alias = 'e'): Expression<SqlBool> {
  return reporter.kind === 'business'
    ? sql<SqlBool>`(${ref(alias, 'business_id')} = ${reporter.key}::uuid and ${ref(alias, 'reporter_kind')} = 'business')`
    : sql<SqlBool>`(${ref(alias, 'reporter_key')} = ${reporter.key} and ${ref(alias, 'reporter_kind')} = ${reporter.kind})`;
}

export interface FilingCaller {
  principal: Principal | null;
  userId: string | null;
  /** The reporter the caller files as, or null (the department files nothing here). */
  self: Reporter | null;
  /** A commune unit's local unit: the employers' reports of its area are read. */
  area: string | null;
  wholeProvince: boolean;
  canReview: boolean;
  canCreate: boolean;
  canUpdate: boolean;
}

export function filingCaller(principal: Principal | null): FilingCaller {
  const unit = principal?.unit;
  const admin = principal?.role === 'admin';
  const self = reporterOf(principal);
  const wholeProvince = admin || unit?.kind === 'department';
  return {
    principal,
    userId: principal?.userId ?? null,
    self,
    area: self?.kind === 'commune' ? self.key : null,
    wholeProvince,
    canReview: wholeProvince && permits(principal, SUBMISSION_PERMISSIONS.review),
    canCreate: permits(principal, SUBMISSION_PERMISSIONS.create),
    canUpdate: permits(principal, SUBMISSION_PERMISSIONS.update),
  };
}

/** The row (expected or submission, over `alias`) is the caller's own report. */
export function ownReport(caller: FilingCaller, alias: string): Expression<SqlBool> {
  return caller.self ? ofReporter(caller.self, alias) : sql<SqlBool>`false`;
}

/** Expected reporters (over `alias`) whose report the caller sees: its own, its area's, or every one. */
export function visibleExpected(caller: FilingCaller, alias = 'e'): Expression<SqlBool> {
  if (caller.wholeProvince) return sql<SqlBool>`true`;
  const parts = [ownReport(caller, alias)];
  if (caller.area) parts.push(inLocalUnit(ref(alias, 'ward_code'), caller.area));
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** A submission (over `alias`) the caller may open: a visible report, and a draft only to its filer. */
export function visibleSubmission(caller: FilingCaller, alias = 's'): Expression<SqlBool> {
  return sql<SqlBool>`(${ref(alias, 'deleted_at')} is null and ${visibleExpected(caller, alias)}
    and (${ref(alias, 'status')} <> 'draft' or ${ownReport(caller, alias)}))`;
}

export const isFiler = (caller: FilingCaller, row: { reporter_kind: string; reporter_key: string }): boolean =>
  !!caller.self && caller.self.kind === row.reporter_kind && caller.self.key === row.reporter_key;

/** The side the caller takes on this report (a filer of its own; a reviewer of anyone's), or null. */
export function actorOn(
  caller: FilingCaller,
  row: { reporter_kind: string; reporter_key: string },
  side: SubmissionActor,
): SubmissionActor | null {
  if (side === 'filer') return isFiler(caller, row) && caller.canUpdate ? 'filer' : null;
  return caller.canReview ? 'reviewer' : null;
}
