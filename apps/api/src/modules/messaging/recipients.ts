import { sql, type Expression, type SqlBool } from 'kysely';
import type { Principal } from '../../platform/access/index.ts';
import { inLocalUnit, scopeOf } from '../../platform/access/scope.ts';

/**
 * Who may write to whom, from the writer's data scope (never from ids the client sends):
 * - the department, service centres and administrators (the whole province): anyone;
 * - an employer: the department, its own commune's officers and its own colleagues, never another employer;
 * - a commune: the department, the employers in its commune and its own colleagues;
 * - a training body: the department and its own colleagues;
 * - anyone else: nobody.
 * The condition reads the candidate user as `u` (app_user) and their unit as `un`. Disabled and deleted
 * accounts, and the writer themself, are never recipients.
 */
export function mayWriteTo(principal: Principal): Expression<SqlBool> {
  const scope = scopeOf(principal);
  const reachable = sql<SqlBool>`u.deleted_at is null and u.status <> 'disabled' and u.id <> ${principal.userId}::uuid`;
  const department = sql<SqlBool>`un.kind = 'department'`;
  const colleagues = sql<SqlBool>`un.id = ${principal.unit.id}::uuid`;
  let allowed: Expression<SqlBool>;
  switch (scope.kind) {
    case 'all':
      allowed = sql<SqlBool>`true`;
      break;
    case 'business':
      // The commune units whose local unit is the employer's ward (or the district above it, before 2025).
      allowed = sql<SqlBool>`(${department} or ${colleagues} or (un.kind = 'district' and exists (
          select 1 from business b where b.id = ${scope.businessId}::uuid and b.ward_code is not null
            and (b.ward_code = un.local_unit_code or exists (
              select 1 from admin_unit au where au.id = b.ward_code and au.parent_id = un.local_unit_code)))))`;
      break;
    case 'localUnit':
      allowed = sql<SqlBool>`(${department} or ${colleagues} or (un.kind = 'employer' and exists (
          select 1 from business b where b.id = un.business_id
            and ${inLocalUnit(sql.ref('b.ward_code'), scope.localUnitCode)})))`;
      break;
    case 'unit':
      allowed = sql<SqlBool>`(${department} or ${colleagues})`;
      break;
    case 'none':
      allowed = sql<SqlBool>`false`;
      break;
  }
  return sql<SqlBool>`(${reachable} and ${allowed})`;
}
