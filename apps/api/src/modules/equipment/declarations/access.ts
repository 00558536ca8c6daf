import { sql, type Expression, type SqlBool } from 'kysely';
import { DECLARATION_PERMISSIONS } from '@portal/domain/equipment/features';
import {
  declarationActions,
  declarationWorkflow,
  type DeclarationAction,
  type DeclarationStatus,
} from '@portal/domain/equipment/state';
import type { Principal } from '../../../platform/access/index.ts';
import { scopeCondition } from '../../../platform/access/scope.ts';
import { workflowCaller, type WorkflowCaller } from '../../../platform/access/workflow.ts';

/**
 * Who the caller is for equipment declarations, always from the token:
 * - employer users see their employer's declarations, drafts included, and are the declarant for them;
 * - the department (and administrators) see every declaration once submitted, and review them;
 * - district (commune) users see submitted ones of employers in their commune, read only;
 * - an authority user who filed a declaration for an employer is its declarant too (and sees its draft).
 */
export type Caller = WorkflowCaller;

export function callerOf(principal: Principal | null): Caller {
  return workflowCaller(principal, DECLARATION_PERMISSIONS);
}

export interface DeclarationOwner {
  business_id: string;
  created_by: string | null;
}

export function isDeclarant(caller: Caller, row: DeclarationOwner): boolean {
  if (caller.employerId) return caller.employerId === row.business_id;
  return !!caller.userId && row.created_by === caller.userId;
}

export function isReviewer(caller: Caller): boolean {
  return caller.canReview && caller.wholeProvince;
}

/** What the caller may do to a declaration now (buttons in the page, checks in the API). */
export function actionsFor(caller: Caller, row: DeclarationOwner & { status: DeclarationStatus }): DeclarationAction[] {
  const out: DeclarationAction[] = [];
  if (isDeclarant(caller, row)) {
    for (const a of declarationActions(row.status, 'declarant')) {
      if (a === 'delete' ? caller.canDelete : caller.canUpdate) out.push(a);
    }
  }
  if (isReviewer(caller)) out.push(...declarationActions(row.status, 'reviewer'));
  return out;
}

/** Which side takes an action (the state machine's table). */
export function sideOf(action: DeclarationAction): 'declarant' | 'reviewer' {
  return declarationWorkflow.actorOf(action);
}

/** Declarations the caller may see, over alias `d` (live rows only). */
export function visibleTo(caller: Caller, alias = 'd'): Expression<SqlBool> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`${col('deleted_at')} is null`];
  const scope = scopeCondition(caller.principal, { businessColumn: `${alias}.business_id` });
  if (scope) parts.push(scope);
  if (!caller.employerId) {
    // Drafts stay the declarant's own until submitted.
    parts.push(
      caller.userId
        ? sql<SqlBool>`(${col('status')} <> 'draft' or ${col('created_by')} = ${caller.userId})`
        : sql<SqlBool>`${col('status')} <> 'draft'`,
    );
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
