import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import type { Principal } from './index.ts';

/**
 * Data scopes: which records a signed-in user may see and change, on top of their abilities.
 * Always derived from the token's principal, never from ids the client sends.
 *
 * - department, service centre, administrators: the whole province;
 * - employer users: their employer's records;
 * - district users: records in their local unit (a district before 1 July 2025, a commune/ward after; a
 *   district code also covers the wards below it);
 * - training bodies: the records their unit owns;
 * - anonymous callers, or users whose unit lacks its employer/local unit: nothing.
 */
export type DataScope =
  | { kind: 'all' }
  | { kind: 'business'; businessId: string }
  | { kind: 'localUnit'; localUnitCode: string }
  | { kind: 'unit'; unitId: string }
  | { kind: 'none' };

export function scopeOf(principal: Principal | null): DataScope {
  if (!principal) return { kind: 'none' };
  if (principal.role === 'admin') return { kind: 'all' };
  const { unit } = principal;
  switch (unit.kind) {
    case 'department':
    case 'service_centre':
      return { kind: 'all' };
    case 'employer':
      return unit.businessId ? { kind: 'business', businessId: unit.businessId } : { kind: 'none' };
    case 'district':
      return unit.localUnitCode ? { kind: 'localUnit', localUnitCode: unit.localUnitCode } : { kind: 'none' };
    case 'training_body':
      return { kind: 'unit', unitId: unit.id };
    default:
      return { kind: 'none' };
  }
}

/**
 * Where a table keeps its owners. Columns are SQL references ('worker.business_id' or 'business_id').
 * Give every column the table has; the scope picks the one it needs and falls back through the others
 * (a district user sees a per-employer table through the employers located in the district).
 */
export interface ScopeColumns {
  /** The owning employer (business.id). */
  businessColumn?: string;
  /** The record's administrative unit (admin_unit.id: a ward, or a district before 2025). */
  localUnitColumn?: string;
  /** The unit that owns the record (unit.id). */
  unitColumn?: string;
}

const never = sql<SqlBool>`false`;

/**
 * `column` is the local unit `code` or a unit directly below it (wards of a district). Said as `= any(array(…))`:
 * the codes are found once (an init plan), so the planner can read `column`'s index; an `or exists (…)` per row
 * made it scan the whole table for every commune's count.
 */
export function inLocalUnit(column: Expression<unknown>, code: string): Expression<SqlBool> {
  return sql<SqlBool>`(${column} = any(array(select ${code}::text union all
    select au.id from admin_unit au where au.parent_id = ${code})))`;
}

/** The scope as a boolean SQL expression, or null when the principal is unrestricted. */
export function scopeCondition(principal: Principal | null, columns: ScopeColumns): Expression<SqlBool> | null {
  const scope = scopeOf(principal);
  const ref = (c: string | undefined) => (c ? sql.ref(c) : undefined);
  const business = ref(columns.businessColumn);
  const local = ref(columns.localUnitColumn);
  const unit = ref(columns.unitColumn);
  switch (scope.kind) {
    case 'all':
      return null;
    case 'none':
      return never;
    case 'business':
      if (business) return sql<SqlBool>`${business} = ${scope.businessId}`;
      if (unit) return sql<SqlBool>`${unit} in (select u.id from unit u where u.business_id = ${scope.businessId})`;
      return never;
    case 'localUnit':
      if (local) return inLocalUnit(local, scope.localUnitCode);
      if (business) {
        return sql<SqlBool>`${business} in (select b.id from business b where ${inLocalUnit(sql.ref('b.ward_code'), scope.localUnitCode)})`;
      }
      if (unit) {
        return sql<SqlBool>`${unit} in (select u.id from unit u where ${inLocalUnit(sql.ref('u.local_unit_code'), scope.localUnitCode)})`;
      }
      return never;
    case 'unit':
      if (unit) return sql<SqlBool>`${unit} = ${scope.unitId}`;
      return never;
  }
}

/** Employers the principal sees, over alias `b` (business): the filter of every per-employer statistic. */
export function employerScope(principal: Principal | null): Expression<SqlBool> {
  return scopeCondition(principal, { businessColumn: 'b.id', localUnitColumn: 'b.ward_code' }) ?? sql<SqlBool>`true`;
}

interface Filterable<Q> {
  where(expression: Expression<SqlBool>): Q;
}

/**
 * Restrict a select, update or delete to the principal's scope:
 * `applyScope(db.selectFrom('worker').selectAll(), request.principal, { businessColumn: 'worker.business_id' })`.
 * Reads of one record that fall outside the scope should answer 404 (the record's existence is not revealed).
 */
export function applyScope<Q extends Filterable<Q>>(query: Q, principal: Principal | null, columns: ScopeColumns): Q {
  const condition = scopeCondition(principal, columns);
  return condition ? query.where(condition) : query;
}

/** Owners a new record gets whatever the client sent: an employer user always writes for its own employer. */
export function forcedOwners(principal: Principal | null): { businessId?: string; unitId?: string } {
  const scope = scopeOf(principal);
  if (scope.kind === 'business') return { businessId: scope.businessId };
  if (scope.kind === 'unit') return { unitId: scope.unitId };
  return {};
}

/** The owners a record is being written with (create, update, import row). */
export interface OwnerValues {
  businessId?: string | null;
  localUnitCode?: string | null;
  unitId?: string | null;
}

/**
 * May the principal create or move a record to these owners? Checks the values a write would store, so a
 * district user cannot file a record under another district's employer and an employer cannot write for
 * another employer. Values absent from `target` are not the table's owners and are not checked.
 */
export async function canWriteIn(db: Db, principal: Principal | null, target: OwnerValues): Promise<boolean> {
  const scope = scopeOf(principal);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'business':
      if ('businessId' in target) return target.businessId === scope.businessId;
      if ('unitId' in target && target.unitId) {
        const row = await db
          .selectFrom('unit')
          .select('business_id')
          .where('id', '=', target.unitId)
          .executeTakeFirst();
        return row?.business_id === scope.businessId;
      }
      return false;
    case 'localUnit': {
      let code: string | null | undefined;
      if ('localUnitCode' in target) code = target.localUnitCode;
      else if ('businessId' in target && target.businessId) {
        code = (
          await db.selectFrom('business').select('ward_code').where('id', '=', target.businessId).executeTakeFirst()
        )?.ward_code;
      } else if ('unitId' in target && target.unitId) {
        code = (
          await db.selectFrom('unit').select('local_unit_code').where('id', '=', target.unitId).executeTakeFirst()
        )?.local_unit_code;
      }
      if (!code) return false;
      if (code === scope.localUnitCode) return true;
      const child = await sql<{
        id: string;
      }>`select id from admin_unit where id = ${code} and parent_id = ${scope.localUnitCode}`.execute(db);
      return child.rows.length > 0;
    }
    case 'unit':
      return 'unitId' in target && target.unitId === scope.unitId;
  }
}

export async function assertCanWriteIn(db: Db, principal: Principal | null, target: OwnerValues): Promise<void> {
  if (!(await canWriteIn(db, principal, target)))
    throw new AppError(403, 'OUT_OF_SCOPE', { messageKey: 'accounts:errors.OUT_OF_SCOPE' });
}
