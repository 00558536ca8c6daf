import { sql, type Expression, type SqlBool } from 'kysely';
import { catalogRegistry } from '../../catalog/registry.ts';
import { rowScope } from '../../catalog/scope.ts';
import type { Principal } from '../../platform/access/index.ts';

/** Machines a principal sees, over alias `e`: the register's own scope (employer, commune, department). */
export function machineScope(principal: Principal | null, alias = 'e'): Expression<SqlBool> {
  return rowScope(catalogRegistry.get('equipment'), principal, alias) ?? sql<SqlBool>`true`;
}
