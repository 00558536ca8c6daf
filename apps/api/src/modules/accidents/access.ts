import { sql, type Expression, type SqlBool } from 'kysely';
import { ACCIDENT_PERMISSIONS } from '@portal/domain/accidents/features';
import type { AccidentActor } from '@portal/domain/accidents/rules';
import { permits, type Principal } from '../../platform/access/index.ts';
import { inLocalUnit, scopeOf } from '../../platform/access/scope.ts';

/**
 * Who the caller is for accidents, always from the token:
 * - employer users see and amend their employer's declarations;
 * - commune users see the accidents that happened in their commune (and those their unit declared), and amend
 *   the ones their unit declared (workers without a labour contract);
 * - the department (and administrators) see every declaration; with `investigate` they return declarations for
 *   completion and run investigations;
 * - anyone else (anonymous, service centres, training bodies): nothing.
 */
export interface Caller {
  principal: Principal | null;
  userId: string | null;
  unitId: string | null;
  employerId: string | null;
  /** The commune (admin unit id) of a commune user. */
  communeCode: string | null;
  wholeProvince: boolean;
  canCreate: boolean;
  canUpdate: boolean;
  canInvestigate: boolean;
}

export function callerOf(principal: Principal | null): Caller {
  const scope = scopeOf(principal);
  return {
    principal,
    userId: principal?.userId ?? null,
    unitId: principal?.unit.id ?? null,
    employerId: scope.kind === 'business' ? scope.businessId : null,
    communeCode: scope.kind === 'localUnit' ? scope.localUnitCode : null,
    wholeProvince: scope.kind === 'all',
    canCreate: permits(principal, ACCIDENT_PERMISSIONS.create),
    canUpdate: permits(principal, ACCIDENT_PERMISSIONS.update),
    canInvestigate: permits(principal, ACCIDENT_PERMISSIONS.investigate),
  };
}

/** The side that declares: an employer (its own accidents) or a commune (workers without a contract). */
export function declarantKindOf(caller: Caller): 'employer' | 'commune' | null {
  if (caller.employerId) return 'employer';
  if (caller.communeCode && caller.principal?.unit.kind === 'district') return 'commune';
  return null;
}

export interface AccidentOwner {
  business_id: string | null;
  declared_by_unit_id: string;
}

/** The declarant of this accident: its employer's users, or the users of the commune unit that declared it. */
export function isDeclarant(caller: Caller, row: AccidentOwner): boolean {
  if (caller.employerId) return row.business_id === caller.employerId;
  return declarantKindOf(caller) === 'commune' && row.declared_by_unit_id === caller.unitId;
}

export function isInvestigator(caller: Caller): boolean {
  return caller.canInvestigate && caller.wholeProvince;
}

/** The side the caller takes in this accident's workflow, or null when it takes none (it may only read). */
export function accidentActorOf(caller: Caller, row: AccidentOwner): Exclude<AccidentActor, 'investigation'> | null {
  if (isDeclarant(caller, row)) return 'declarant';
  return isInvestigator(caller) ? 'investigator' : null;
}

/** Accidents the caller may see, over alias `a` (live rows only). */
export function accidentVisibleTo(caller: Caller, alias = 'a'): Expression<SqlBool> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  const live = sql<SqlBool>`${col('deleted_at')} is null`;
  if (caller.wholeProvince) return live;
  if (caller.employerId) return sql<SqlBool>`(${live} and ${col('business_id')} = ${caller.employerId})`;
  if (caller.communeCode)
    return sql<SqlBool>`(${live} and (${inLocalUnit(col('ward_id'), caller.communeCode)} or ${col('declared_by_unit_id')} = ${caller.unitId}))`;
  return sql<SqlBool>`false`;
}
