import { permits, type Permission, type Principal } from './index.ts';
import { scopeOf } from './scope.ts';

/**
 * The caller of a review workflow (an employer files, the department reviews), always from the token: who they
 * are, the employer they act for (employer users), whether they see the whole province, and what their
 * permissions let them do.
 */
export interface WorkflowCaller {
  principal: Principal | null;
  userId: string | null;
  employerId: string | null;
  wholeProvince: boolean;
  canReview: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

/** The permissions of a workflow's subject that the caller is checked against. */
export interface WorkflowPermissions {
  review: Permission;
  create: Permission;
  update: Permission;
  delete: Permission;
}

export function workflowCaller(principal: Principal | null, permissions: WorkflowPermissions): WorkflowCaller {
  const scope = scopeOf(principal);
  return {
    principal,
    userId: principal?.userId ?? null,
    employerId: scope.kind === 'business' ? scope.businessId : null,
    wholeProvince: scope.kind === 'all',
    canReview: permits(principal, permissions.review),
    canCreate: permits(principal, permissions.create),
    canUpdate: permits(principal, permissions.update),
    canDelete: permits(principal, permissions.delete),
  };
}
