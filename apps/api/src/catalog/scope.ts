import type { Expression, SqlBool } from 'kysely';
import { columnOf, type ResolvedCatalog } from '@portal/domain/catalog/index';
import type { Principal } from '../platform/access/index.ts';
import { canWriteIn, forcedOwners, scopeCondition, scopeOf } from '../platform/access/scope.ts';
import { translator, type Executor, type OpContext } from './context.ts';
import { AppError } from '../platform/errors/app-error.ts';

/**
 * A catalogue's ownership scope mapped onto the platform's data scopes (design §5), always from the token:
 * - global areas: one list for the province; the permission decides;
 * - employer areas: `business_id` (null = the department's own rows);
 * - district areas: the declared admin-unit field (`scopeField`);
 * - the employers themselves (self): the row's own id for an employer user, its location for a district user.
 */
export function rowScope(c: ResolvedCatalog, principal: Principal | null, alias = 't'): Expression<SqlBool> | null {
  const d = c.declaration;
  // An employer area with a running unit (scopeField): that unit (a training body) sees its records too.
  if (d.scope === 'employer')
    return scopeCondition(principal, {
      businessColumn: `${alias}.business_id`,
      ...(d.scopeField ? { unitColumn: `${alias}.${columnOf(d.scopeField)}` } : {}),
    });
  if (d.scope === 'district')
    return scopeCondition(principal, { localUnitColumn: `${alias}.${columnOf(d.scopeField!)}` });
  if (d.scope === 'self') {
    return scopeCondition(principal, {
      businessColumn: `${alias}.id`,
      ...(d.scopeField ? { localUnitColumn: `${alias}.${columnOf(d.scopeField)}` } : {}),
    });
  }
  // Records of a unit are seen through their unit; the units themselves (no scopeField) through their own id.
  if (d.scope === 'unit')
    return scopeCondition(principal, { unitColumn: `${alias}.${d.scopeField ? columnOf(d.scopeField) : 'id'}` });
  return null;
}

/** The employer a new row of an employer area belongs to: the employer user's own; null for the department. */
export function ownerBusiness(principal: Principal | null): string | null {
  return forcedOwners(principal).businessId ?? null;
}

/** The unit a training body's new row of an area it runs is forced to (null for anyone else). */
export function ownerUnit(c: ResolvedCatalog, principal: Principal | null): string | null {
  return c.declaration.scope === 'employer' && c.declaration.scopeField
    ? (forcedOwners(principal).unitId ?? null)
    : null;
}

/** The local unit a district user's new row defaults to. */
export function ownLocalUnit(principal: Principal | null): string | null {
  const scope = scopeOf(principal);
  return scope.kind === 'localUnit' ? scope.localUnitCode : null;
}

/**
 * May the principal store a row of this area with these owners? In a self-scoped area `businessId` is the row's
 * own id (null for a new employer, which only the department or the district it is located in may create).
 */
export async function canOwn(
  c: ResolvedCatalog,
  db: Executor,
  principal: Principal | null,
  owner: { businessId: string | null; localUnit: string | null; unitId?: string | null },
): Promise<boolean> {
  const d = c.declaration;
  if (d.scope === 'employer') {
    // A unit running the area's records (a training body) writes those it runs, for any employer.
    if (d.scopeField && scopeOf(principal).kind === 'unit')
      return canWriteIn(db, principal, { unitId: owner.unitId ?? null });
    return canWriteIn(db, principal, { businessId: owner.businessId });
  }
  if (d.scope === 'district') return canWriteIn(db, principal, { localUnitCode: owner.localUnit });
  if (d.scope === 'self')
    return canWriteIn(db, principal, { businessId: owner.businessId, localUnitCode: owner.localUnit });
  if (d.scope === 'unit') return canWriteIn(db, principal, { unitId: owner.unitId ?? null });
  return true;
}

/** The owners a write of a row checks: an employer area's employer; a self-scoped row's own id and location. */
export function ownersOf(
  c: ResolvedCatalog,
  row: { id: string | null; businessId: string | null; data: Record<string, unknown> },
): { businessId: string | null; localUnit: string | null; unitId: string | null } {
  const d = c.declaration;
  const located =
    (d.scope === 'district' || d.scope === 'self') && d.scopeField
      ? ((row.data[d.scopeField] as string | null | undefined) ?? null)
      : null;
  const unitId =
    d.scope === 'unit' || (d.scope === 'employer' && d.scopeField)
      ? d.scopeField
        ? ((row.data[d.scopeField] as string | null | undefined) ?? null)
        : row.id
      : null;
  return { businessId: d.scope === 'self' ? row.id : row.businessId, localUnit: located, unitId };
}

/**
 * A record owned through another (a certificate through its machine, a reading through its report) belongs to
 * that record's employer, whoever files it. Naming another employer is refused: as out of scope (403 on
 * `businessId`) when the caller may not file for that one, as for any record; else as a mismatch (400 on
 * `parentField`, with `mismatchKey`).
 */
export async function assertOwnerThroughParent(
  ctx: OpContext,
  named: string | null | undefined,
  parentOwner: string | null,
  parentField: string,
  mismatchKey: string,
): Promise<void> {
  if (!named || named === parentOwner) return;
  const t = translator(ctx);
  if (!ctx.system && !(await canWriteIn(ctx.db, ctx.principal, { businessId: named })))
    throw new AppError(403, 'FORBIDDEN', {
      details: [{ field: 'businessId', code: 'scope', message: t('catalog:validation.outOfScope') }],
    });
  throw new AppError(400, 'VALIDATION', { details: [{ field: parentField, code: 'scope', message: t(mismatchKey) }] });
}
