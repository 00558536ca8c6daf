/**
 * Administrative units and countries (migration 0002).
 *
 * A unit's id is `<generation>:<code>` ('2025:68', 'legacy:67', 'legacy:660'): official codes are reused
 * across the 1 July 2025 reorganisation (province '68' exists before and after), so the code alone cannot be
 * a key, and a single-column id keeps references from other tables simple and stable across installs.
 */
export const ADMIN_UNIT_GENERATIONS = ['legacy', '2025'] as const;
export type AdminUnitGeneration = (typeof ADMIN_UNIT_GENERATIONS)[number];

/** When each generation is in force ('YYYY-MM-DD', inclusive; null = open-ended). The seed writes these dates. */
export const GENERATION_PERIODS: Record<AdminUnitGeneration, { validFrom: string | null; validTo: string | null }> = {
  legacy: { validFrom: null, validTo: '2025-06-30' },
  '2025': { validFrom: '2025-07-01', validTo: null },
};

/** The generation in force on a calendar date. */
export function generationAt(date: string): AdminUnitGeneration {
  for (const g of ADMIN_UNIT_GENERATIONS) {
    const { validFrom, validTo } = GENERATION_PERIODS[g];
    if ((validFrom === null || validFrom <= date) && (validTo === null || date <= validTo)) return g;
  }
  return ADMIN_UNIT_GENERATIONS[ADMIN_UNIT_GENERATIONS.length - 1]!;
}

/** Today in Vietnam: the reorganisation took effect at local midnight, not UTC. */
export function todayInVietnam(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(now);
}

export const ADMIN_UNIT_LEVELS = ['province', 'district', 'ward'] as const;
export type AdminUnitLevel = (typeof ADMIN_UNIT_LEVELS)[number];

export interface AdminUnitTables {
  admin_unit: {
    id: string;
    generation: AdminUnitGeneration;
    code: string;
    level: AdminUnitLevel;
    name: string;
    name_en: string;
    full_name: string;
    full_name_en: string;
    /** 'Tỉnh', 'Thành phố', 'Quận', 'Huyện', 'Thị xã', 'Phường', 'Xã', 'Thị trấn', 'Đặc khu' */
    type_name: string;
    type_name_en: string;
    parent_id: string | null;
    /** The province a unit belongs to (itself for a province): "all communes of a province" in one index scan. */
    province_id: string;
    /** 'YYYY-MM-DD', inclusive; null = open-ended. */
    valid_from: string | null;
    valid_to: string | null;
  };
  /** Which unit took over from which on a reorganisation (at least provinces: pre-2025 → 2025). */
  admin_unit_successor: {
    predecessor_id: string;
    successor_id: string;
    effective_date: string;
  };
  country: {
    /** ISO 3166-1 alpha-2 */
    code: string;
    name: string;
    name_en: string;
  };
}
