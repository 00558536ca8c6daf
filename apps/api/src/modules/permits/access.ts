import { sql, type Expression, type SqlBool } from 'kysely';
import { PERMIT_PERMISSIONS } from '@portal/domain/permits/features';
import { actorFor, type PermitActor } from '@portal/domain/permits/state';
import { permits, type Principal } from '../../platform/access/index.ts';
import { scopeCondition, scopeOf } from '../../platform/access/scope.ts';

/**
 * Who the caller is for work permits, always from the token:
 * - employer users see their employer's requests, drafts included, and are the applicant for them;
 * - the department (and administrators) see every request once submitted and review them;
 * - district units see submitted requests of employers in their commune/ward, read only;
 * - drafts stay the employer's own until submitted.
 */
export interface Caller {
  principal: Principal | null;
  userId: string | null;
  employerId: string | null;
  wholeProvince: boolean;
  canReview: boolean;
  canEdit: boolean;
  canCreate: boolean;
  canDelete: boolean;
}

export function callerOf(principal: Principal | null): Caller {
  const scope = scopeOf(principal);
  return {
    principal,
    userId: principal?.userId ?? null,
    employerId: scope.kind === 'business' ? scope.businessId : null,
    wholeProvince: scope.kind === 'all',
    canReview: permits(principal, PERMIT_PERMISSIONS.review),
    canEdit: permits(principal, PERMIT_PERMISSIONS.update),
    canCreate: permits(principal, PERMIT_PERMISSIONS.create),
    canDelete: permits(principal, PERMIT_PERMISSIONS.delete),
  };
}

export function actorOf(caller: Caller, businessId: string): PermitActor | null {
  return actorFor(caller, businessId);
}

/** Requests the caller may see, over alias `p` (live rows only). */
export function visibleTo(caller: Caller, alias = 'p'): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref(`${alias}.deleted_at`)} is null`];
  const scope = scopeCondition(caller.principal, { businessColumn: `${alias}.business_id` });
  if (scope) parts.push(scope);
  if (!caller.employerId) parts.push(sql<SqlBool>`${sql.ref(`${alias}.status`)} <> 'draft'`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
