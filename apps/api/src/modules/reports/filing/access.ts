import { sql, type Expression, type SqlBool } from 'kysely';
import { SUBMISSION_PERMISSIONS, type SubmissionActor } from '@portal/domain/reports/workflow';
import { permits, type Principal } from '../../../platform/access/index.ts';
import { inLocalUnit } from '../../../platform/access/scope.ts';

/**
 * Who the caller is for periodic reports, always from the token:
 * - a filer files as the reporter its unit is: an employer as its employer, a commune unit as its ward, a service
 *   centre or a training body as its unit (the `reporter_kind` / `reporter_key` of the expected rows);
 * - a commune also reads the reports of the employers in its area (never their drafts);
 * - the department (and administrators, inspectors) read every report; with the review permission the
 *   department returns and accepts them. It files its own summaries to the ministry as its unit.
 */
export interface Reporter {
  kind: string;
  key: string;
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
  let self: Reporter | null = null;
  let area: string | null = null;
  if (unit?.kind === 'employer' && unit.businessId) self = { kind: 'business', key: unit.businessId };
  if (unit?.kind === 'district' && unit.localUnitCode) {
    self = { kind: 'commune', key: unit.localUnitCode };
    area = unit.localUnitCode;
  }
  if (unit?.kind === 'service_centre') self = { kind: 'serviceCentre', key: unit.id };
  if (unit?.kind === 'training_body') self = { kind: 'trainingBody', key: unit.id };
  // The department files its own summaries to the ministry (the action month's), as its unit.
  if (unit?.kind === 'department') self = { kind: 'department', key: unit.id };
  const wholeProvince = admin || unit?.kind === 'department';
  return {
    principal,
    userId: principal?.userId ?? null,
    self,
    area,
    wholeProvince,
    canReview: wholeProvince && permits(principal, SUBMISSION_PERMISSIONS.review),
    canCreate: permits(principal, SUBMISSION_PERMISSIONS.create),
    canUpdate: permits(principal, SUBMISSION_PERMISSIONS.update),
  };
}

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** The row (expected or submission, over `alias`) is the caller's own report. */
export function ownReport(caller: FilingCaller, alias: string): Expression<SqlBool> {
  if (!caller.self) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${ref(alias, 'reporter_kind')} = ${caller.self.kind} and ${ref(alias, 'reporter_key')} = ${caller.self.key})`;
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
