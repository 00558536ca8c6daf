import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { matchesKeyword } from '../../db/search.ts';
import {
  ADMIN_UNIT_GENERATIONS,
  generationAt,
  todayInVietnam,
  type AdminUnitGeneration,
  type AdminUnitLevel,
  type AdminUnitTables,
} from './tables.ts';

/** Operations behind the administrative-unit routes (and anything else that lists units: imports, exports). */

type UnitRow = Selectable<AdminUnitTables['admin_unit']>;

export interface AdminUnitView {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  fullName: string;
  fullNameEn: string;
  typeName: string;
  typeNameEn: string;
  level: AdminUnitLevel;
  generation: AdminUnitGeneration;
  parentId: string | null;
  provinceId: string;
  validFrom: string | null;
  validTo: string | null;
}

export interface ProvinceView extends AdminUnitView {
  predecessorIds: string[];
  successorIds: string[];
}

export interface CountryView {
  id: string;
  code: string;
  name: string;
  nameEn: string;
}

export function toView(r: UnitRow): AdminUnitView {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    nameEn: r.name_en,
    fullName: r.full_name,
    fullNameEn: r.full_name_en,
    typeName: r.type_name,
    typeNameEn: r.type_name_en,
    level: r.level,
    generation: r.generation,
    parentId: r.parent_id,
    provinceId: r.province_id,
    validFrom: r.valid_from,
    validTo: r.valid_to,
  };
}

/** Which generation a request asks for: `generation` or the one in force on `at`; undefined = not said. */
export function requestedGeneration(choice: {
  generation?: AdminUnitGeneration | undefined;
  at?: string | undefined;
}): AdminUnitGeneration | undefined {
  if (choice.generation) return choice.generation;
  if (choice.at) return generationAt(choice.at);
  return undefined;
}

export const currentGeneration = (): AdminUnitGeneration => generationAt(todayInVietnam());

/**
 * A unit reference from a URL: an id ('2025:68', 'legacy:660') names one unit; a bare code ('68', '660') names
 * the unit of the newest generation that has that code (so '68' is today's Lâm Đồng, '67' the former Đắk Nông).
 */
export async function findUnit(db: Db, ref: string, levels: AdminUnitLevel[]): Promise<UnitRow | undefined> {
  const colon = ref.indexOf(':');
  let query = db.selectFrom('admin_unit').selectAll().where('level', 'in', levels);
  if (colon >= 0) {
    query = query.where('id', '=', ref);
  } else {
    const newestFirst = [...ADMIN_UNIT_GENERATIONS].reverse();
    query = query
      .where('code', '=', ref)
      .orderBy(sql`array_position(${sql.val(newestFirst)}::text[], generation)`)
      .limit(1);
  }
  return query.executeTakeFirst();
}

/** Accent-insensitive match on the Vietnamese or English name: 'lam dong', 'dak' (→ Đắk …), 'hanoi'. */
const nameMatches = (keyWord: string) => matchesKeyword(['admin_unit.name', 'admin_unit.name_en'], keyWord);

export async function listProvinces(
  db: Db,
  options: { generation: AdminUnitGeneration; keyWord?: string | undefined },
): Promise<ProvinceView[]> {
  let query = db
    .selectFrom('admin_unit')
    .selectAll()
    .select([
      sql<
        string[]
      >`array(select s.predecessor_id from admin_unit_successor s where s.successor_id = admin_unit.id order by 1)`.as(
        'predecessor_ids',
      ),
      sql<
        string[]
      >`array(select s.successor_id from admin_unit_successor s where s.predecessor_id = admin_unit.id order by 1)`.as(
        'successor_ids',
      ),
    ])
    .where('level', '=', 'province')
    .where('generation', '=', options.generation)
    .orderBy('code');
  if (options.keyWord) query = query.where(nameMatches(options.keyWord));
  const rows = await query.execute();
  return rows.map((r) => ({ ...toView(r), predecessorIds: r.predecessor_ids, successorIds: r.successor_ids }));
}

/**
 * Units of `level` under `parent`, in `generation`.
 * - Same generation as the parent: its districts, or its wards (all wards of a province, across its districts).
 * - Another generation: the units of that generation in the provinces the parent province was formed from or
 *   became part of (districts of Đắk Nông, Bình Thuận and former Lâm Đồng for today's Lâm Đồng). No mapping
 *   exists below province level, so a district parent gives an empty list there.
 * A generation without that level (no districts since 2025) gives an empty list.
 */
export async function listChildren(
  db: Db,
  parent: UnitRow,
  options: { level: 'district' | 'ward'; generation: AdminUnitGeneration; keyWord?: string | undefined },
): Promise<AdminUnitView[]> {
  let query = db
    .selectFrom('admin_unit')
    .selectAll()
    .where('level', '=', options.level)
    .where('generation', '=', options.generation)
    .orderBy('code');
  if (parent.generation === options.generation) {
    query =
      parent.level === 'province'
        ? query.where('province_id', '=', parent.id)
        : query.where('parent_id', '=', parent.id);
  } else if (parent.level === 'province') {
    const related = db
      .selectFrom('admin_unit_successor')
      .select('successor_id as id')
      .where('predecessor_id', '=', parent.id)
      .union(
        db.selectFrom('admin_unit_successor').select('predecessor_id as id').where('successor_id', '=', parent.id),
      );
    query = query.where('province_id', 'in', related);
  } else {
    return [];
  }
  if (options.keyWord) query = query.where(nameMatches(options.keyWord));
  return (await query.execute()).map(toView);
}

export async function listCountries(db: Db, options: { keyWord?: string | undefined }): Promise<CountryView[]> {
  let query = db.selectFrom('country').select(['code', 'name', 'name_en']).orderBy('code');
  if (options.keyWord) query = query.where(matchesKeyword(['country.name', 'country.name_en'], options.keyWord));
  return (await query.execute()).map((r) => ({ id: r.code, code: r.code, name: r.name, nameEn: r.name_en }));
}
