import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkRollups, ROLLUPS } from '../src/modules/statistics/index.ts';
import { workspaceCountCache } from '../src/modules/workspace/cache.ts';
import { registeredTallies } from '../src/modules/workspace/registry.ts';
import { compactTallies, tallyDrift } from '../src/modules/workspace/tally.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createBusiness } from './support/accounts.ts';

/**
 * The statistics' rollups kept by the writes equal a full count of their tables after any mix of writes: workers
 * added, changed, moved between employers, deleted and restored, deleted for good; employers moving commune (their
 * workers' and illnesses' commune follows); accidents and their victims written, moved, deleted; machines, illnesses
 * and claimants; statements of many rows; transactions rolled back; compactions between. Then the nightly check
 * finds no drift, and does find (and mends) a drift made behind the triggers' back.
 */
let t: TestApp;
const wards = ['2025:24781', '2025:24778', '2025:24805'] as const;
const businesses: { id: string; unitId: string }[] = [];
const seed = Number(process.env.ROLLUP_SEED ?? Date.now() % 100_000);

/** Seeded pseudo-random numbers (mulberry32): a failing run is repeated with ROLLUP_SEED. */
function random(s: number) {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const [i, ward] of wards.entries()) businesses.push(await createBusiness(t, ward, `Công ty ${i}`));
  expect(await workspaceCountCache(t.database.db).talliesReady(registeredTallies())).toBe(true);
});

afterAll(async () => {
  await t?.close();
});

it(`random writes keep every rollup equal to a full rebuild (seed ${seed})`, async () => {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const maybe = <T>(v: T): T | null => (rnd() < 0.2 ? null : v);
  const day = () => `${2023 + Math.floor(rnd() * 4)}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-15`;
  const db = t.database.db;
  let sequence = 900_000;
  // Read on the operation's own executor: PGlite has one connection, which a transaction holds.
  const someId = async (x: Kysely<never>, table: string) => {
    const all = (await sql<{ id: string }>`select id::text as id from ${sql.table(table)}`.execute(x)).rows;
    return all.length ? pick(all).id : null;
  };
  const workerValues = () => ({
    business_id: pick(businesses).id,
    full_name: 'Người lao động thử',
    sex: pick(['male', 'female']),
    birth_date: maybe(`${1950 + Math.floor(rnd() * 60)}-03-01`),
    nationality: pick(['VN', 'VN', 'VN', 'KR', 'JP']),
    education_level: maybe(pick(['primary', 'upperSecondary', 'vocational', 'university'])),
    income_band: maybe(pick(['lt5', '5to10', '10to15'])),
    social_insurance: rnd() < 0.5,
    health_insurance: rnd() < 0.6,
    ...(rnd() < 0.2 ? { abroad_status: pick(['abroad', 'returned']), abroad_country: pick(['JP', 'KR']) } : {}),
  });

  const operations: ((db: Kysely<never>) => Promise<unknown>)[] = [
    async (x) => {
      const n = 1 + Math.floor(rnd() * 3);
      // One statement, several rows.
      await sql`insert into worker (business_id, full_name, sex, birth_date, nationality, education_level, income_band,
          social_insurance, health_insurance)
        values ${sql.join(
          Array.from({ length: n }, () => {
            const w = workerValues();
            return sql`(${w.business_id}::uuid, ${w.full_name}, ${w.sex}, ${w.birth_date}::date, ${w.nationality},
              ${w.education_level}, ${w.income_band}, ${w.social_insurance}, ${w.health_insurance})`;
          }),
        )}`.execute(x);
    },
    async (x) =>
      void (await x
        .insertInto('worker' as never)
        .values(workerValues() as never)
        .execute()),
    async (x) => {
      const id = await someId(x, 'worker');
      if (!id) return;
      const w = workerValues();
      const field = pick([
        'sex',
        'birth_date',
        'nationality',
        'education_level',
        'income_band',
        'business_id',
      ] as const);
      await sql`update worker set ${sql.ref(field)} = ${w[field]} where id = ${id}::uuid`.execute(x);
    },
    async (x) => {
      const id = await someId(x, 'worker');
      if (id)
        await sql`update worker set deleted_at = case when deleted_at is null then now() end where id = ${id}::uuid`.execute(
          x,
        );
    },
    async (x) => {
      const id = await someId(x, 'worker');
      if (id) await sql`delete from worker where id = ${id}::uuid`.execute(x);
    },
    async (x) =>
      sql`update worker set income_band = ${pick(['5to10', '10to15', 'gte30'])}
        where business_id = ${pick(businesses).id}::uuid`.execute(x),
    async (x) => sql`update business set ward_code = ${pick(wards)} where id = ${pick(businesses).id}::uuid`.execute(x),
    async (x) => {
      sequence += 1;
      const b = pick(businesses);
      const accident = await sql<{ id: string }>`insert into accident (code, code_year, code_sequence, business_id,
          ward_id, declared_by_unit_id, declarant_kind, occurred_at, place, description, severity, victim_count, death_count)
        values (${`TN-${sequence}-${randomBytes(2).toString('hex')}`}, 2026, ${sequence}, ${b.id}::uuid, ${pick(wards)},
          ${b.unitId}::uuid, 'employer', ${`${day()}T08:00:00+07:00`}::timestamptz, 'Xưởng', 'Mô tả',
          ${pick(['fatal', 'serious', 'light'])}, ${1 + Math.floor(rnd() * 3)}, ${Math.floor(rnd() * 2)})
        returning id`.execute(x);
      for (let i = 0; i < Math.floor(rnd() * 3); i += 1)
        await sql`insert into accident_victim (accident_id, position, full_name, severity)
          values (${accident.rows[0]!.id}::uuid, ${i}, 'Nạn nhân', ${pick(['fatal', 'serious', 'light'])})`.execute(x);
    },
    async (x) => {
      const id = await someId(x, 'accident');
      if (!id) return;
      const change = pick([
        sql`occurred_at = ${`${day()}T23:30:00+07:00`}::timestamptz`,
        sql`ward_id = ${pick(wards)}`,
        sql`deleted_at = case when deleted_at is null then now() end`,
        sql`death_count = death_count + 1`,
      ]);
      await sql`update accident set ${change} where id = ${id}::uuid`.execute(x);
    },
    async (x) => {
      const id = await someId(x, 'accident_victim');
      if (id) await sql`delete from accident_victim where id = ${id}::uuid`.execute(x);
    },
    async (x) =>
      sql`insert into equipment (business_id, name, ward_id, status, next_due_date, declaration_status)
        values (${pick(businesses).id}::uuid, 'Nồi hơi', ${pick(wards)}, ${pick(['inUse', 'inUse', 'outOfUse'])},
          ${maybe(day())}::date, ${pick(['none', 'submitted', 'confirmed'])})`.execute(x),
    async (x) => {
      const id = await someId(x, 'equipment');
      if (!id) return;
      const change = pick([
        sql`status = ${pick(['inUse', 'scrapped'])}`,
        sql`next_due_date = ${maybe(day())}::date`,
        sql`declaration_status = ${pick(['none', 'confirmed'])}`,
        sql`deleted_at = case when deleted_at is null then now() end`,
      ]);
      await sql`update equipment set ${change} where id = ${id}::uuid`.execute(x);
    },
    async (x) =>
      sql`insert into occupational_disease (business_id, diagnosis_date, status, cost)
        values (${pick(businesses).id}::uuid, ${day()}::date, ${pick(['underTreatment', 'stable'])},
          ${maybe(Math.floor(rnd() * 50_000_000))})`.execute(x),
    async (x) => {
      const id = await someId(x, 'occupational_disease');
      if (id)
        await sql`update occupational_disease set cost = coalesce(cost, 0) + 1000000, diagnosis_date = ${day()}::date
          where id = ${id}::uuid`.execute(x);
    },
    async (x) =>
      sql`insert into unemployment_worker (code, full_name, sex, admin_unit_id, registered_date, status)
        values (${`TN${randomBytes(4).toString('hex')}`}, 'Người thất nghiệp', ${pick(['male', 'female'])}, ${pick(wards)},
          ${day()}::date, 'new')`.execute(x),
    async (x) => {
      const id = await someId(x, 'unemployment_worker');
      if (id) await sql`update unemployment_worker set deleted_at = now() where id = ${id}::uuid`.execute(x);
    },
  ];

  for (let step = 0; step < 160; step += 1) {
    const operation = pick(operations);
    if (rnd() < 0.1) {
      // A rolled-back write leaves no trace in the rollups.
      await db
        .transaction()
        .execute(async (trx) => {
          await operation(trx as unknown as Kysely<never>);
          throw new Error('rolled back');
        })
        .catch((e: Error) => expect(e.message).toBe('rolled back'));
    } else {
      await operation(db as unknown as Kysely<never>);
    }
    if (rnd() < 0.05) await compactTallies(db);
  }

  for (const rollup of ROLLUPS)
    expect({ rollup: rollup.name, ...(await tallyDrift(db, rollup)) }).toEqual({
      rollup: rollup.name,
      groups: 0,
      totals: 0,
    });
  // The copies the rollups count by follow their sources: a worker's and an illness's commune is its employer's,
  // a victim's day, commune and standing are its accident's.
  const strays = await sql<{ n: string }>`select
      (select count(*) from worker w join business b on b.id = w.business_id where w.ward_code is distinct from b.ward_code)
    + (select count(*) from occupational_disease o join business b on b.id = o.business_id
        where o.ward_code is distinct from b.ward_code)
    + (select count(*) from accident_victim v join accident a on a.id = v.accident_id
        where v.ward_id is distinct from a.ward_id or v.counted is distinct from (a.deleted_at is null)
          or v.occurred_on is distinct from (a.occurred_at at time zone 'Asia/Ho_Chi_Minh')::date) as n`.execute(db);
  expect(Number(strays.rows[0]!.n)).toBe(0);
  await compactTallies(db);
  expect(await checkRollups(db)).toEqual([]);
});

it('the nightly check finds a drift made behind the triggers and builds the rollup again', async () => {
  const db = t.database.db;
  await sql`alter table worker disable trigger workspace_tally_ins`.execute(db);
  await sql`insert into worker (business_id, full_name, sex) values (${businesses[0]!.id}::uuid, 'Ngoài sổ', 'male')`.execute(
    db,
  );
  await sql`alter table worker enable trigger workspace_tally_ins`.execute(db);
  const drifted = await checkRollups(db);
  expect(drifted.map((d) => d.tally)).toContain('stats.workers.age');
  expect(drifted.every((d) => d.groups > 0)).toBe(true);
  expect(await checkRollups(db)).toEqual([]);
});
