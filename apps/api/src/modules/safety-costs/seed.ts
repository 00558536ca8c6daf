import { sql } from 'kysely';
import { SAFETY_COST_ITEMS, type SafetyCostItem } from '@portal/domain/safety/costs';
import { seedCatalogRows } from '../../catalog/seed.ts';
import { clock } from '../../platform/clock/index.ts';
import type { SeedStep } from '../../seed/step.ts';
import { DEMO_BUSINESSES } from '../accounts/index.ts';

const CIRCULAR = 'Thông tư 24/2022/TT-BLĐTBXH';

/**
 * The four levels of Circular 24/2022/TT-BLĐTBXH (in force from 1 December 2022), as its text is commonly quoted:
 * not yet checked against the gazette here (`verified: false`), so the department confirms or corrects them.
 */
export const COMPENSATION_LEVEL_ROWS: Record<string, unknown>[] = [
  [1, 13_000],
  [2, 20_000],
  [3, 26_000],
  [4, 32_000],
].map(([level, amount]) => ({
  code: `BDHV-M${level}-2022`,
  name: `Mức ${level} (${CIRCULAR})`,
  level,
  amountPerShift: amount,
  legalBasis: CIRCULAR,
  validFrom: '2022-12-01',
  verified: false,
}));

/** The levels: every installation, written once. */
export const safetyCostsReferenceStep: SeedStep = {
  name: 'safety-costs-reference',
  kind: 'reference',
  order: 90,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'safetyCosts.seeded.reference', { compensationLevel: COMPENSATION_LEVEL_ROWS }),
};

const coffee = DEMO_BUSINESSES[0]!.code;
const flowers = DEMO_BUSINESSES[1]!.code;

interface DemoCompensation {
  business: string;
  /** Short code of the job (the record's code adds the year). */
  job: string;
  name: string;
  hazard: string;
  level: 1 | 2 | 3 | 4;
  workerCount: number;
  shiftsPerWorker: number;
  item: string;
}

const COMPENSATIONS: DemoCompensation[] = [
  {
    business: coffee,
    job: 'RANG',
    name: 'Rang, xay cà phê (xưởng rang xay)',
    hazard: 'Tiếng ồn vượt giới hạn, bụi cà phê',
    level: 1,
    workerCount: 6,
    shiftsPerWorker: 290,
    item: 'Sữa tiệt trùng 180 ml',
  },
  {
    business: coffee,
    job: 'SAY',
    name: 'Vận hành lò sấy cà phê đốt củi',
    hazard: 'Nhiệt độ cao, khí CO',
    level: 2,
    workerCount: 4,
    shiftsPerWorker: 270,
    item: 'Sữa tiệt trùng, trứng gà',
  },
  {
    business: flowers,
    job: 'PHUN',
    name: 'Phun thuốc bảo vệ thực vật trong nhà kính',
    hazard: 'Hóa chất bảo vệ thực vật',
    level: 3,
    workerCount: 8,
    shiftsPerWorker: 120,
    item: 'Sữa tiệt trùng, đường, hoa quả tươi',
  },
  {
    business: flowers,
    job: 'KHO-LANH',
    name: 'Vận hành kho lạnh, máy nén NH₃',
    hazard: 'Lạnh, khí NH₃',
    level: 2,
    workerCount: 5,
    shiftsPerWorker: 300,
    item: 'Sữa tiệt trùng 180 ml',
  },
];

/** Each employer's yearly costs by item, in million đồng (compensation in kind: the sum of its records). */
const COSTS: Record<string, Partial<Record<SafetyCostItem, number>>> = {
  [coffee]: { technicalMeasures: 85, ppe: 42.5, training: 18, healthCheck: 36, monitoring: 28, accidentInsurance: 12 },
  [flowers]: { technicalMeasures: 64, ppe: 58, training: 22, healthCheck: 41.5, monitoring: 31, other: 9.6 },
};

/** `CP-2026-02`: the year and the item's place in the list (codes are per employer). */
const costCode = (year: number, item: SafetyCostItem) =>
  `CP-${year}-${String(SAFETY_COST_ITEMS.indexOf(item) + 1).padStart(2, '0')}`;

/**
 * The demo employers' compensation in kind and OSH costs for last year and this year, through the import
 * operation (valued by the same hook as a user's file). Rows of an employer that is no longer there are left out.
 */
export const safetyCostsDemoStep: SeedStep = {
  name: 'safety-costs-demo',
  kind: 'demo',
  order: 260,
  run: async ({ db, log }) => {
    const present = new Set(
      (
        await sql<{ code: string }>`select lower(code) as code from business where deleted_at is null
          and lower(code) = any(${sql.val([coffee, flowers])}::text[])`.execute(db)
      ).rows.map((r) => r.code),
    );
    const thisYear = Number(clock.today().slice(0, 4));
    const years = [thisYear - 1, thisYear];
    const compensations = years.flatMap((year, y) =>
      COMPENSATIONS.filter((c) => present.has(c.business)).map((c) => ({
        code: `BDHV-${year}-${c.job}`,
        businessId: c.business,
        year,
        job: c.name,
        hazard: c.hazard,
        levelId: `BDHV-M${c.level}-2022`,
        // A few more workers this year.
        workerCount: c.workerCount + y,
        shiftsPerWorker: c.shiftsPerWorker,
        item: c.item,
        form: 'inKind',
      })),
    );
    await seedCatalogRows(db, log, 'safetyCosts.seeded.demo', { compensationInKind: compensations });
    // The compensation item of the costs is what the records add up to.
    const totals = new Map(
      (
        await sql<{ key: string; total: number }>`select lower(b.code) || '/' || c.year as key,
            sum(c.total_amount)::float8 as total
          from compensation_in_kind c join business b on b.id = c.business_id
          where c.deleted_at is null group by 1`.execute(db)
      ).rows.map((r) => [r.key, r.total]),
    );
    const costs = years.flatMap((year, y) =>
      Object.entries(COSTS)
        .filter(([business]) => present.has(business))
        .flatMap(([business, items]) => [
          ...Object.entries(items).map(([item, millions]) => ({
            code: costCode(year, item as SafetyCostItem),
            businessId: business,
            year,
            item,
            // Costs grow a little from last year to this one.
            amount: Math.round(millions * (1 + 0.06 * y) * 1_000_000),
          })),
          ...(totals.has(`${business}/${year}`)
            ? [
                {
                  code: costCode(year, 'compensationInKind'),
                  businessId: business,
                  year,
                  item: 'compensationInKind',
                  amount: totals.get(`${business}/${year}`),
                },
              ]
            : []),
        ]),
    );
    await seedCatalogRows(db, log, 'safetyCosts.seeded.demo', { safetyCost: costs });
  },
};
