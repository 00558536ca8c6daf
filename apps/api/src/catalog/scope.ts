import type { Expression, SqlBool } from 'kysely';
import { columnOf, type ResolvedCatalog } from '@portal/domain/catalog/index';
import type { Principal } from '../platform/access/index.ts';
import { canWriteIn, forcedOwners, scopeCondition, scopeOf } from '../platform/access/scope.ts';
import type { Executor } from './context.ts';

/**
 * A catalogue's ownership scope mapped onto the platform's data scopes (design §5), always from the token:
 * - global areas: one list for the province; the permission decides;
 * - employer areas: `business_id` (null = the department's own rows);
 * - district areas: the declared admin-unit field (`scopeField`).
 */
export function rowScope(c: ResolvedCatalog, principal: Principal | null, alias = 't'): Expression<SqlBool> | null {
  const d = c.declaration;
  if (d.scope === 'employer') return scopeCondition(principal, { businessColumn: `${alias}.business_id` });
  if (d.scope === 'district') return scopeCondition(principal, { localUnitColumn: `${alias}.${columnOf(d.scopeField!)}` });
  return null;
}

/** The employer a new row of an employer area belongs to: the employer user's own; null for the department. */
export function ownerBusiness(principal: Principal | null): string | null {
  return forcedOwners(principal).businessId ?? null;
}

/** The local unit a district user's new row defaults to. */
export function ownLocalUnit(principal: Principal | null): string | null {
  const scope = scopeOf(principal);
  return scope.kind === 'localUnit' ? scope.localUnitCode : null;
}

/** May the principal store a row of this area with these owners? */
export async function canOwn(c: ResolvedCatalog, db: Executor, principal: Principal | null, owner: { businessId: string | null; localUnit: string | null }): Promise<boolean> {
  const d = c.declaration;
  if (d.scope === 'employer') return canWriteIn(db, principal, { businessId: owner.businessId });
  if (d.scope === 'district') return canWriteIn(db, principal, { localUnitCode: owner.localUnit });
  return true;
}
