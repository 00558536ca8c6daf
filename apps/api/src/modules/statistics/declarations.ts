import { sql } from 'kysely';
import { ABROAD_STATUSES, AGE_BANDS, EDUCATION_LEVELS, INCOME_BANDS } from '@portal/domain/statistics/index';
import { DISEASE_STATUSES, SEXES, WORKING_FORMS } from '@portal/domain/workers/constants';
import {
  col,
  defineStatistic,
  type DimensionSource,
  EMPLOYER,
  MONTH,
  rollup,
  type StatisticDeclaration,
  WARD,
  YEAR,
} from './declare.ts';

/**
 * The rollups and the 22 statistics over them. A rollup counts rows of one table by their commune and employer (the
 * row's own columns: workers and illnesses carry their employer's commune, victims their accident's, migration
 * 0050), a day and up to three categories; a statistic names the rollups of its measures and how each dimension is
 * read from them. Rollups are few and narrow on purpose: each one is a branch of its table's write trigger.
 */

const WORKER = { table: 'worker', where: 'deleted_at is null' } as const;
const ownersOf = (ward: string) => ({ business_id: 'business_id', local_unit: ward });

// Workers: by birth year and sex (age structure, working age, by commune); by employer and sex; by each register
// field the statistics count.
const workersByAge = rollup('workers.age', {
  ...WORKER,
  owners: ownersOf('ward_code'),
  day: 'make_date(extract(year from birth_date)::int, 1, 1)',
  dims: ['sex'],
});
const workersByEmployer = rollup('workers.employer', { ...WORKER, owners: ownersOf('ward_code'), dims: ['sex'] });
const workersByOccupation = rollup('workers.occupation', {
  ...WORKER,
  owners: ownersOf('ward_code'),
  dims: ['occupation_id::text', 'sex'],
});
// Two register fields a rollup, with sex: each a branch less in the worker table's trigger, and still a few
// thousand rows of the province (9 × 7 × 2 by commune).
const workersProfile = rollup('workers.profile', {
  ...WORKER,
  owners: ownersOf('ward_code'),
  dims: ["coalesce(education_level, 'unknown')", "coalesce(income_band, 'unknown')", 'sex'],
});
const workersCover = rollup('workers.cover', {
  ...WORKER,
  owners: ownersOf('ward_code'),
  dims: [
    "case when social_insurance and health_insurance then 'both' when social_insurance then 'social' when health_insurance then 'health' else 'none' end",
    'working_form',
    'sex',
  ],
});
const workersAbroad = rollup('workers.abroad', {
  table: 'worker',
  where: "deleted_at is null and abroad_status <> 'none'",
  owners: ownersOf('ward_code'),
  dims: ['abroad_status', 'sex', 'abroad_country'],
});
const foreignWorkers = rollup('workers.foreign', {
  table: 'worker',
  where: "deleted_at is null and coalesce(nationality, 'VN') <> 'VN'",
  owners: ownersOf('ward_code'),
  dims: ['nationality', 'sex'],
});
const employers = rollup('employers', {
  table: 'business',
  where: 'deleted_at is null',
  owners: { business_id: 'id', local_unit: 'ward_code' },
});

// Flows are kept by month (their day is the first of it): a year, a month and the year before are all a statistic
// asks, and a month of a commune is one row where a day would be thirty.
// Accidents (by the month they happened, Vietnam time) and their victims.
const ACCIDENT = {
  table: 'accident',
  where: 'deleted_at is null',
  owners: ownersOf('ward_id'),
  day: "date_trunc('month', occurred_at at time zone 'Asia/Ho_Chi_Minh')::date",
  dims: ['severity'],
} as const;
const accidents = rollup('accidents.count', ACCIDENT);
const accidentVictims = rollup('accidents.victims', { ...ACCIDENT, adds: 'coalesce(victim_count, 0)' });
const accidentDeaths = rollup('accidents.deaths', { ...ACCIDENT, adds: 'coalesce(death_count, 0)' });
const victimsByOccupation = rollup('accidents.victimOccupation', {
  table: 'accident_victim',
  where: 'counted',
  owners: ownersOf('ward_id'),
  day: "date_trunc('month', occurred_on)::date",
  dims: ['occupation_id::text', 'severity'],
});

// Occupational illnesses, by the day of diagnosis; their costs.
const ILLNESS = {
  table: 'occupational_disease',
  where: 'deleted_at is null',
  owners: ownersOf('ward_code'),
  day: "date_trunc('month', diagnosis_date)::date",
  dims: ['disease_type_id::text', 'status'],
} as const;
const illnesses = rollup('illness.cases', ILLNESS);
const illnessCosts = rollup('illness.cost', { ...ILLNESS, adds: 'round(coalesce(cost, 0))::bigint' });

// Unemployment-insurance claimants, by the day they registered, in the commune of their record.
const claimants = rollup('unemployment.claimants', {
  table: 'unemployment_worker',
  where: 'deleted_at is null',
  owners: { local_unit: 'admin_unit_id' },
  day: "date_trunc('month', registered_date)::date",
  dims: ['sex'],
});

// Machines in use: by kind and declaration; by the month their next inspection is due (in date, due this month,
// overdue or never inspected is read against the month asked: a day would keep a row per machine) and kind; and
// which employers use them, by the commune of the machine (a count of employers is of the employers with a row).
const MACHINES = { table: 'equipment', where: "deleted_at is null and status = 'inUse'", owners: ownersOf('ward_id') };
const machines = rollup('equipment.machines', {
  ...MACHINES,
  dims: [
    'index_equipment_id::text',
    "case when declaration_status in ('submitted', 'confirmed') then 'declared' else 'none' end",
  ],
});
const machinesDue = rollup('equipment.machinesDue', {
  ...MACHINES,
  day: "date_trunc('month', next_due_date)::date",
  dims: ['index_equipment_id::text'],
});
const machineUsers = rollup('equipment.users', MACHINES);

/** Every rollup, for the build (the workspace's tally mechanism keeps them). */
export const ROLLUPS = [
  workersByAge,
  workersByEmployer,
  workersByOccupation,
  workersProfile,
  workersCover,
  workersAbroad,
  foreignWorkers,
  employers,
  accidents,
  accidentVictims,
  accidentDeaths,
  victimsByOccupation,
  illnesses,
  illnessCosts,
  claimants,
  machines,
  machinesDue,
  machineUsers,
];

const d1 = (labels?: DimensionSource['labels'], order?: readonly string[]): DimensionSource => ({
  key: col('d1'),
  ...(labels ? { labels } : {}),
  ...(order ? { order } : {}),
});
const SEX_D2: DimensionSource = { key: col('d2'), order: SEXES };
const SEX_D1: DimensionSource = { key: col('d1'), order: SEXES };
const SEX_D3: DimensionSource = { key: col('d3'), order: SEXES };

/** Years completed in `year` → the age band ('15-24' … '65+'); under 15 or unknown: none. */
export function ageBand(birthDay: string | null, year: number): string | null {
  if (!birthDay) return null;
  const age = year - Number(birthDay.slice(0, 4));
  if (age < 15) return null;
  if (age >= 65) return '65+';
  const low = 15 + Math.floor((age - 15) / 10) * 10;
  return `${low}-${low + 9}`;
}
const AGE: DimensionSource = { key: col('day'), bucket: (k, c) => ageBand(k, c.year), order: AGE_BANDS };

/**
 * A machine's inspection in the month of `today`: due in a later month (in date), due this month, due in an earlier
 * month (overdue), or never inspected (no due day).
 */
const INSPECTION: DimensionSource = {
  // In the statement, not after it: the province's machines then come back as a few groups, not a row per month.
  key: (c) => {
    const month = `${c.today.slice(0, 7)}-01`;
    return sql`case when t.day is null then 'never' when t.day < ${month}::date then 'overdue'
      when t.day = ${month}::date then 'dueThisMonth' else 'inspected' end`;
  },
  order: ['inspected', 'dueThisMonth', 'overdue', 'never'],
};

const SEVERITY = ['fatal', 'serious', 'light'] as const;
const workers = (tally: typeof workersByAge) => ({ workers: { tally } });

export const STATISTIC_DECLARATIONS: readonly StatisticDeclaration[] = [
  defineStatistic('dan-so-trong-do-tuoi-lao-dong', {
    measures: workers(workersByAge),
    dimensions: { ageBand: AGE, sex: SEX_D1, ward: WARD },
    time: 'stock',
    within: { dimension: 'ageBand', keys: AGE_BANDS.filter((b) => b !== '65+') },
    source: 'workers',
  }),
  defineStatistic('lao-dong-theo-nghe-nghiep', {
    measures: workers(workersByOccupation),
    dimensions: { occupation: d1('occupation'), sex: SEX_D2, ward: WARD },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('co-cau-tuoi-gioi-tinh', {
    measures: workers(workersByAge),
    dimensions: { ageBand: AGE, sex: SEX_D1, ward: WARD },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('muc-thu-nhap', {
    measures: workers(workersProfile),
    dimensions: { income: { key: col('d2'), order: [...INCOME_BANDS, 'unknown'] }, sex: SEX_D3, ward: WARD },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('tai-nan-va-su-co', {
    measures: {
      accidents: { tally: accidents },
      victims: { tally: accidentVictims },
      deaths: { tally: accidentDeaths },
    },
    dimensions: { month: MONTH, severity: d1(undefined, SEVERITY), ward: WARD, employer: EMPLOYER, year: YEAR },
    time: 'flow',
    source: 'accidents',
  }),
  defineStatistic('lao-dong-lam-viec-tai-tinh', {
    measures: workers(workersCover),
    dimensions: { ward: WARD, contract: { key: col('d2'), order: WORKING_FORMS }, sex: SEX_D3 },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('benh-nghe-nghiep-moi', {
    measures: { cases: { tally: illnesses } },
    dimensions: { illness: d1('illness'), ward: WARD, employer: EMPLOYER, year: YEAR },
    time: 'flow',
    source: 'illness',
  }),
  defineStatistic('benh-nghe-nghiep-cu', {
    measures: { cases: { tally: illnesses } },
    dimensions: {
      illness: d1('illness'),
      illnessStage: { key: col('d2'), order: DISEASE_STATUSES },
      ward: WARD,
      employer: EMPLOYER,
    },
    time: 'before',
    source: 'illness',
  }),
  defineStatistic('chi-phi-benh-nghe-nghiep', {
    measures: { cost: { tally: illnessCosts }, cases: { tally: illnesses } },
    dimensions: { illness: d1('illness'), ward: WARD, employer: EMPLOYER, year: YEAR },
    time: 'flow',
    source: 'illness',
  }),
  defineStatistic('lao-dong-di-lam-viec-o-nuoc-ngoai', {
    measures: workers(workersAbroad),
    dimensions: { abroad: d1(undefined, ABROAD_STATUSES), sex: SEX_D2, ward: WARD },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('lao-dong-theo-don-vi-hanh-chinh', {
    measures: { workers: { tally: workersByEmployer }, employers: { tally: employers } },
    dimensions: { ward: WARD },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('lao-dong-theo-doanh-nghiep', {
    measures: workers(workersByEmployer),
    dimensions: { employer: EMPLOYER, sex: SEX_D1, ward: WARD },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('bao-hiem-xa-hoi-y-te', {
    measures: workers(workersCover),
    dimensions: { insurance: d1(undefined, ['both', 'social', 'health', 'none']), ward: WARD, sex: SEX_D3 },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('that-nghiep', {
    measures: { claimants: { tally: claimants } },
    dimensions: { month: MONTH, sex: SEX_D1, ward: WARD, year: YEAR },
    time: 'flow',
    source: 'unemployment',
  }),
  defineStatistic('so-luong-thiet-bi', {
    measures: { machines: { tally: machines } },
    dimensions: { equipmentKind: d1('equipmentKind'), ward: WARD, employer: EMPLOYER },
    time: 'stock',
    source: 'equipment',
  }),
  defineStatistic('thiet-bi-da-kiem-dinh', {
    measures: { machines: { tally: machinesDue } },
    dimensions: { inspection: INSPECTION, equipmentKind: d1('equipmentKind'), ward: WARD, employer: EMPLOYER },
    time: 'stock',
    source: 'equipment',
  }),
  defineStatistic('thiet-bi-da-khai-bao', {
    measures: { machines: { tally: machines } },
    dimensions: {
      declaration: { key: col('d2'), order: ['declared', 'none'] },
      equipmentKind: d1('equipmentKind'),
      ward: WARD,
      employer: EMPLOYER,
    },
    time: 'stock',
    source: 'equipment',
  }),
  defineStatistic('tai-nan-theo-nghe-nghiep', {
    measures: {
      victims: { tally: victimsByOccupation },
      deaths: { tally: victimsByOccupation, only: { dimension: 'severity', key: 'fatal' } },
    },
    dimensions: {
      occupation: d1('occupation'),
      severity: { key: col('d2'), order: SEVERITY },
      ward: WARD,
      year: YEAR,
    },
    time: 'flow',
    source: 'accidents',
  }),
  defineStatistic('lao-dong-nuoc-ngoai', {
    measures: workers(foreignWorkers),
    dimensions: { nationality: d1('country'), sex: SEX_D2, ward: WARD },
    time: 'stock',
    source: 'workers',
  }),
  defineStatistic('doanh-nghiep-su-dung-thiet-bi', {
    measures: {
      employers: {
        tally: machineUsers,
        distinctEmployers: true,
        wider: { dimensions: ['equipmentKind'], tally: machines },
      },
      machines: { tally: machines },
    },
    dimensions: { ward: WARD, equipmentKind: d1('equipmentKind') },
    time: 'stock',
    source: 'equipment',
  }),
  defineStatistic('danh-sach-thiet-bi-kiem-dinh', {
    measures: { machines: { tally: machinesDue, only: { dimension: 'inspection', key: 'inspected' } } },
    dimensions: { employer: EMPLOYER, equipmentKind: d1('equipmentKind'), ward: WARD, inspection: INSPECTION },
    time: 'stock',
    source: 'equipment',
  }),
  defineStatistic('lao-dong-theo-trinh-do-hoc-van', {
    measures: workers(workersProfile),
    dimensions: { education: d1(undefined, [...EDUCATION_LEVELS, 'unknown']), sex: SEX_D3, ward: WARD },
    time: 'stock',
    source: 'workers',
  }),
];

export const declarationOf = (slug: string): StatisticDeclaration | undefined =>
  STATISTIC_DECLARATIONS.find((d) => d.info.slug === slug);
