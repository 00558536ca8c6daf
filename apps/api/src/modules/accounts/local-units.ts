import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { getPortalConfig } from '../configuration/index.ts';

/**
 * Administrative units referred to by accounts: an employer's ward and a district unit's local unit.
 * The portal's configuration says which level local units are (communes/wards since 1 July 2025, districts
 * before) and which province it serves; references outside it are refused.
 */
export interface LocalUnitRules {
  level: 'ward' | 'district';
  provinceId: string | null;
}

export async function localUnitRules(db: Db): Promise<LocalUnitRules> {
  const config = await getPortalConfig(db);
  return {
    level: config.localUnitLevel,
    provinceId: config.provinceCode ? `2025:${config.provinceCode}` : null,
  };
}

/** Provinces a unit of the configured province may sit in: itself and, for legacy units, its predecessors. */
function provinceCondition(provinceId: string | null) {
  if (!provinceId) return sql`true`;
  return sql`(au.province_id = ${provinceId} or au.province_id in (select predecessor_id from admin_unit_successor where successor_id = ${provinceId}))`;
}

/** Is `id` a ward (any generation when `currentOnly` is false) of the portal's province? */
export async function isWardOfPortal(db: Db, id: string, currentOnly = true): Promise<boolean> {
  const { provinceId } = await localUnitRules(db);
  const rows = await sql<{ id: string }>`
    select au.id from admin_unit au
    where au.id = ${id} and au.level = 'ward' ${currentOnly ? sql`and au.generation = '2025'` : sql``}
      and ${provinceCondition(provinceId)}`.execute(db);
  return rows.rows.length > 0;
}

/** Is `id` a local unit of the configured level in the portal's province? */
export async function isLocalUnitOfPortal(db: Db, id: string): Promise<boolean> {
  const { level, provinceId } = await localUnitRules(db);
  const rows = await sql<{ id: string }>`
    select au.id from admin_unit au
    where au.id = ${id} and au.level = ${level} and ${provinceCondition(provinceId)}`.execute(db);
  return rows.rows.length > 0;
}

/** Names of admin units by id, for lists. */
export async function adminUnitNames(db: Db, ids: Array<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((v): v is string => !!v))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('admin_unit').select(['id', 'full_name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.full_name]));
}
