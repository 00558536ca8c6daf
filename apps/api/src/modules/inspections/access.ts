import { sql, type Expression, type SqlBool } from 'kysely';
import { INSPECTION_PERMISSIONS } from '@portal/domain/inspections/features';
import {
  inspectionWorkflow,
  requirementWorkflow,
  type InspectionAction,
  type InspectionActor,
  type InspectionStatus,
  type RequirementAction,
  type RequirementActor,
  type RequirementStatus,
} from '@portal/domain/inspections/state';
import { permits, type Principal } from '../../platform/access/index.ts';
import { scopeCondition, scopeOf } from '../../platform/access/scope.ts';

/**
 * Who the caller is for inspections, always from the token:
 * - the department (its officers and inspectors; administrators) sees every inspection and, with the
 *   permissions, plans, records, concludes and reviews the employers' answers;
 * - an employer sees its own inspections once their decision is known to it (a surprise inspection only once it
 *   has begun; never a cancelled plan) and answers the requirements;
 * - a commune unit reads the inspections of employers of its commune once begun (read only);
 * - anyone else sees none.
 */
export interface InspectionCaller {
  principal: Principal | null;
  userId: string | null;
  employerId: string | null;
  /** The department side, which keeps the inspections. */
  inspector: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

export function callerOf(principal: Principal | null): InspectionCaller {
  const scope = scopeOf(principal);
  return {
    principal,
    userId: principal?.userId ?? null,
    employerId: scope.kind === 'business' ? scope.businessId : null,
    inspector: scope.kind === 'all' && principal?.unit.kind !== 'service_centre',
    canCreate: permits(principal, INSPECTION_PERMISSIONS.create),
    canUpdate: permits(principal, INSPECTION_PERMISSIONS.update),
    canDelete: permits(principal, INSPECTION_PERMISSIONS.delete),
  };
}

/** Statuses an employer (and a commune) sees: the inspection has begun or is over. */
const BEGUN = sql`('inProgress', 'concluded', 'closed')`;

/** SQL: the employer may see this inspection (alias `i`), its scope aside. */
export function employerSees(alias = 'i'): Expression<SqlBool> {
  const c = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${c('status')} in ${BEGUN} or (${c('status')} = 'planned' and ${c('kind')} <> 'surprise'
    and ${c('decision_date')} is not null))`;
}

/** Inspections the caller may see, over alias `i` (live rows only). */
export function visibleTo(caller: InspectionCaller, alias = 'i'): Expression<SqlBool> {
  const c = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`${c('deleted_at')} is null`];
  const scope = scopeOf(caller.principal);
  if (scope.kind === 'all') {
    if (!caller.inspector) parts.push(sql<SqlBool>`false`);
  } else if (scope.kind === 'business') {
    parts.push(sql<SqlBool>`${c('business_id')} = ${scope.businessId}`, employerSees(alias));
  } else if (scope.kind === 'localUnit') {
    parts.push(scopeCondition(caller.principal, { businessColumn: `${alias}.business_id` })!);
    parts.push(sql<SqlBool>`${c('status')} in ${BEGUN}`);
  } else {
    parts.push(sql<SqlBool>`false`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Who the caller is in an inspection's workflow: the department's inspectors, or none. */
export function inspectionActor(caller: InspectionCaller): InspectionActor | null {
  return caller.inspector ? 'inspector' : null;
}

/** Who the caller is in the workflow of an inspection's requirements: the inspected employer, an inspector, or none. */
export function requirementActor(
  caller: InspectionCaller,
  inspection: { business_id: string },
): RequirementActor | null {
  if (caller.employerId === inspection.business_id) return 'employer';
  return caller.inspector ? 'inspector' : null;
}

/** What the caller may do to an inspection now (buttons in the page, checks in the API). */
export function actionsFor(caller: InspectionCaller, status: InspectionStatus): InspectionAction[] {
  return inspectionWorkflow
    .actionsFor(status, inspectionActor(caller))
    .filter((a) => (a === 'delete' ? caller.canDelete : caller.canUpdate));
}

/** What the caller may do to a requirement of an inspection in this status (only while it stands concluded). */
export function requirementActionsFor(
  caller: InspectionCaller,
  inspection: { status: InspectionStatus; business_id: string },
  status: RequirementStatus,
): RequirementAction[] {
  if (inspection.status !== 'concluded' || !caller.canUpdate) return [];
  return requirementWorkflow.actionsFor(status, requirementActor(caller, inspection));
}
