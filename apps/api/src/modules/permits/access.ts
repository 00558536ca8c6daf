import { sql, type Expression, type SqlBool } from 'kysely';
import { PERMIT_PERMISSIONS } from '@portal/domain/permits/features';
import { actorFor, type PermitActor } from '@portal/domain/permits/state';
import type { Principal } from '../../platform/access/index.ts';
import { scopeCondition } from '../../platform/access/scope.ts';
import { workflowCaller, type WorkflowCaller } from '../../platform/access/workflow.ts';

/**
 * Who the caller is for work permits, always from the token:
 * - employer users see their employer's requests, drafts included, and are the applicant for them;
 * - the department (and administrators) see every request once submitted and review them;
 * - district units see submitted requests of employers in their commune/ward, read only;
 * - drafts stay the employer's own until submitted.
 */
export interface Caller extends WorkflowCaller {
  /** The update permission under the name the domain's `actorFor` reads. */
  canEdit: boolean;
}

export function callerOf(principal: Principal | null): Caller {
  const caller = workflowCaller(principal, PERMIT_PERMISSIONS);
  return { ...caller, canEdit: caller.canUpdate };
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
