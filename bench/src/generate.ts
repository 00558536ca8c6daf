/**
 * Generates a province of employers and workers for the bench, on PGlite or PostgreSQL.
 *   node bench/src/generate.ts [--workers 1000000] [--employers 50000] [--seed 1]
 *                              [--db pglite|postgres] [--url postgres://…] [--data-dir bench/.data]
 * Rows are made by the database itself (INSERT … SELECT over generate_series), which is far faster than
 * sending them, on both engines. Every per-row choice comes from a counter-based generator,
 * hashint8extended(row number, seed): the same seed gives the same province on either engine.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database.ts';
import { lamDongWards } from './province/lam-dong-wards.ts';
import { benchDb } from './province/tables.ts';
import * as words from './province/vocabulary.ts';
import { defaultServerUrl, openBenchDatabase, postgresReachable, type DatabaseKind } from './databases.ts';

export interface ProvinceSize {
  workers: number;
  employers: number;
  seed: number;
}

export interface GenerateOptions extends ProvinceSize {
  /** Progress lines; silent when absent. */
  log?: (line: string) => void;
  /** Rows per INSERT: bounds memory (PGlite runs in this process) and gives progress. */
  batchSize?: number;
  /** Session setting for the index builds; a trigram index over 1 M names wants more than the default. */
  maintenanceWorkMem?: string;
}

export interface GenerateResult {
  skipped: boolean;
  seconds: number;
  steps: Array<{ step: string; seconds: number }>;
}

/** Bump when the generated rows change, so bench data made by an older generator is rebuilt. */
export const generatorVersion = 1;

/** Employers per worker in the full-size province (50 k employers for 1 M workers). */
export function defaultEmployers(workers: number): number {
  return Math.max(1, Math.round(workers / 20));
}

const lit = (n: number) => sql.lit(Math.trunc(n));

/** True when the bench tables already hold this province (same generator, size and seed). */
async function holds(db: Db, wanted: Record<string, number>): Promise<boolean> {
  const exists = await sql<{ t: string | null }>`select to_regclass('bench.meta')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return false;
  const meta = await benchDb(db)
    .selectFrom('bench.meta')
    .select('value')
    .where('key', '=', 'province')
    .executeTakeFirst();
  const stored = meta?.value as Record<string, number> | undefined;
  if (!stored || Object.entries(wanted).some(([k, v]) => stored[k] !== v)) return false;
  // The meta row is written last, but a table could have been altered by hand since: count to be sure.
  const counts = await sql<{ workers: number; employers: number }>`
    select (select count(*) from bench.worker) as workers, (select count(*) from bench.employer) as employers
  `.execute(db);
  return counts.rows[0]?.workers === wanted.workers && counts.rows[0]?.employers === wanted.employers;
}

export async function generateProvince(db: Db, options: GenerateOptions): Promise<GenerateResult> {
  const { workers, employers, seed } = options;
  if (!Number.isInteger(workers) || workers < 1 || !Number.isInteger(employers) || employers < 1) {
    throw new Error('workers and employers must be positive integers');
  }
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 100_000;
  const started = performance.now();
  const wanted = { version: generatorVersion, workers, employers, seed };
  const size = `${workers.toLocaleString('en-US')} workers, ${employers.toLocaleString('en-US')} employers, seed ${seed}`;

  if (await holds(db, wanted)) {
    log(`bench province already holds ${size}: skipping generation`);
    return { skipped: true, seconds: (performance.now() - started) / 1000, steps: [] };
  }
  log(`generating ${size}`);
  const steps: GenerateResult['steps'] = [];

  // One connection throughout: the session settings below must apply to every statement.
  await db.connection().execute(async (conn) => {
    const step = async (name: string, run: () => Promise<unknown>) => {
      const t = performance.now();
      await run();
      const seconds = (performance.now() - t) / 1000;
      steps.push({ step: name, seconds });
      log(`  ${name}: ${seconds.toFixed(1)} s`);
    };
    await sql`set maintenance_work_mem = ${sql.lit(options.maintenanceWorkMem ?? '256MB')}`.execute(conn);

    await step('tables', async () => {
      await sql`drop schema if exists bench cascade`.execute(conn);
      await sql`create schema bench`.execute(conn);
      await sql`create table bench.meta (key text primary key, value jsonb not null)`.execute(conn);
      // Indexes and the foreign key come after the load: building them once is much faster than maintaining them.
      await sql`
        create table bench.employer (
          id bigint primary key,
          tax_code text not null,
          name text not null,
          ward_code text not null,
          address text not null,
          employee_count integer not null default 0,
          created_at timestamptz not null
        )`.execute(conn);
      await sql`
        create table bench.worker (
          id bigint primary key,
          employer_id bigint not null,
          full_name text not null,
          cccd text not null,
          birth_date date not null,
          sex text not null check (sex in ('male', 'female')),
          occupation_code text not null,
          created_at timestamptz not null
        )`.execute(conn);
    });

    const wardCodes = lamDongWards.map(([code]) => code);
    const wardNames = lamDongWards.map(([, name]) => name);
    const kinds = words.expand(words.employerKinds);
    const trades = words.expand(words.employerTrades);
    const brands = words.expand(words.employerBrands);
    const streets = words.expand(words.streets);
    const yearSeconds = 365 * 24 * 3600;

    await step('employers', async () => {
      for (let from = 1; from <= employers; from += batchSize) {
        const to = Math.min(employers, from + batchSize - 1);
        // Tax codes: Lâm Đồng's prefix 58 + an 8-digit permutation of the row number (unique: 7919 is prime to 10).
        // Registration dates spread evenly over ten years, in id order, as a registry fills up.
        await sql`
          with v as (
            select ${kinds}::text[] as kinds, ${trades}::text[] as trades, ${brands}::text[] as brands,
                   ${streets}::text[] as streets, ${wardCodes}::text[] as ward_codes, ${wardNames}::text[] as ward_names
          )
          insert into bench.employer (id, tax_code, name, ward_code, address, created_at)
          select r.i,
                 '58' || lpad(((r.i * 7919 + ${lit(seed)}) % 100000000)::text, 8, '0'),
                 v.kinds[1 + (r.a & 65535) % ${lit(kinds.length)}] || ' '
                   || v.trades[1 + ((r.a >> 16) & 65535) % ${lit(trades.length)}] || ' '
                   || v.brands[1 + ((r.a >> 32) & 65535) % ${lit(brands.length)}],
                 v.ward_codes[r.w],
                 'Số ' || (1 + ((r.b >> 16) & 255)) || ', ' || v.streets[1 + ((r.b >> 32) & 65535) % ${lit(streets.length)}]
                   || ', ' || v.ward_names[r.w] || ', tỉnh Lâm Đồng',
                 timestamptz '2015-07-01 08:00:00+07' + ((r.i - 1) * ${lit(10 * yearSeconds)} / ${lit(employers)}) * interval '1 second'
          from v, (
            select g.i, h.a, h.b, 1 + (h.b & 65535) % ${lit(wardCodes.length)} as w
            from generate_series(${lit(from)}::bigint, ${lit(to)}::bigint) as g(i),
                 lateral (select hashint8extended(g.i, ${lit(seed * 16 + 1)}) as a, hashint8extended(g.i, ${lit(seed * 16 + 2)}) as b) as h
          ) as r
        `.execute(conn);
      }
    });

    const families = words.expand(words.familyNames);
    const maleMiddle = words.expand(words.maleMiddleNames);
    const femaleMiddle = words.expand(words.femaleMiddleNames);
    const maleGiven = words.expand(words.maleGivenNames);
    const femaleGiven = words.expand(words.femaleGivenNames);
    const provinces = words.expand(words.cccdProvinceCodes);
    const occupations = words.expand(words.occupationCodes);

    await step('workers', async () => {
      for (let from = 1; from <= workers; from += batchSize) {
        const to = Math.min(workers, from + batchSize - 1);
        // Employer: 1 + ⌊E·u²⌋ for uniform u, so low ids are large employers (thousands of workers at 1 M)
        // and the tail has a handful each, as in a real province.
        // CCCD: province, century-and-sex digit, birth year, then a permutation of the row number.
        // Birth dates: ages 18 to 62 on 1 July 2025. Records created evenly over five years, in id order.
        await sql`
          with v as (
            select ${families}::text[] as families, ${maleMiddle}::text[] as male_middle,
                   ${femaleMiddle}::text[] as female_middle, ${maleGiven}::text[] as male_given,
                   ${femaleGiven}::text[] as female_given, ${provinces}::text[] as provinces,
                   ${occupations}::text[] as occupations
          )
          insert into bench.worker (id, employer_id, full_name, cccd, birth_date, sex, occupation_code, created_at)
          select r.i,
                 least(${lit(employers)}, 1 + floor(${lit(employers)} * power(((r.b >> 20) & 4294967295)::float8 / 4294967296.0, 2)))::bigint,
                 v.families[1 + (r.a & 65535) % ${lit(families.length)}] || ' ' || case when r.female
                   then v.female_middle[1 + ((r.a >> 16) & 65535) % ${lit(femaleMiddle.length)}] || ' '
                     || v.female_given[1 + ((r.a >> 32) & 65535) % ${lit(femaleGiven.length)}]
                   else v.male_middle[1 + ((r.a >> 16) & 65535) % ${lit(maleMiddle.length)}] || ' '
                     || v.male_given[1 + ((r.a >> 32) & 65535) % ${lit(maleGiven.length)}] end,
                 v.provinces[1 + ((r.a >> 48) & 32767) % ${lit(provinces.length)}]
                   || case when r.birth >= date '2000-01-01' then (case when r.female then '3' else '2' end)
                           else (case when r.female then '1' else '0' end) end
                   || to_char(r.birth, 'YY')
                   || lpad(((r.i * 376127 + ${lit(seed)}) % 1000000)::text, 6, '0'),
                 r.birth,
                 case when r.female then 'female' else 'male' end,
                 v.occupations[1 + (r.c & 65535) % ${lit(occupations.length)}],
                 timestamptz '2020-07-01 08:00:00+07' + ((r.i - 1) * ${lit(5 * yearSeconds)} / ${lit(workers)}) * interval '1 second'
          from v, (
            select g.i, h.a, h.b, h.c, ((h.b >> 16) & 1) = 1 as female,
                   date '1963-07-02' + ((h.b & 65535) % 16070)::int as birth
            from generate_series(${lit(from)}::bigint, ${lit(to)}::bigint) as g(i),
                 lateral (select hashint8extended(g.i, ${lit(seed * 16 + 3)}) as a,
                                 hashint8extended(g.i, ${lit(seed * 16 + 4)}) as b,
                                 hashint8extended(g.i, ${lit(seed * 16 + 5)}) as c) as h
          ) as r
        `.execute(conn);
        if (to < workers) log(`    ${to.toLocaleString('en-US')} / ${workers.toLocaleString('en-US')} workers`);
      }
    });

    await step('employee counts', () =>
      sql`
        update bench.employer e set employee_count = c.n
        from (select employer_id, count(*)::int as n from bench.worker group by employer_id) as c
        where c.employer_id = e.id
      `.execute(conn),
    );

    await step('employer indexes', async () => {
      await sql`create unique index employer_tax_code_idx on bench.employer (tax_code)`.execute(conn);
      await sql`create index employer_ward_code_idx on bench.employer (ward_code)`.execute(conn);
      await sql`create index employer_created_at_idx on bench.employer (created_at, id)`.execute(conn);
      await sql`create index employer_name_search_idx on bench.employer using gin (f_unaccent(name) gin_trgm_ops)`.execute(
        conn,
      );
    });

    await step('worker indexes', async () => {
      // The list's default order (newest first) and its filters; the trigram index serves keyword search.
      await sql`create index worker_created_at_idx on bench.worker (created_at, id)`.execute(conn);
      await sql`create index worker_employer_id_idx on bench.worker (employer_id)`.execute(conn);
      await sql`create index worker_cccd_idx on bench.worker (cccd)`.execute(conn);
      await sql`create index worker_occupation_code_idx on bench.worker (occupation_code)`.execute(conn);
      await sql`create index worker_full_name_search_idx on bench.worker using gin (f_unaccent(full_name) gin_trgm_ops)`.execute(
        conn,
      );
    });

    await step('foreign key', () =>
      sql`alter table bench.worker add constraint worker_employer_fk foreign key (employer_id) references bench.employer (id)`.execute(
        conn,
      ),
    );

    // Statistics for the planner, and a visibility map so the measured state is the steady one a real
    // table reaches after autovacuum (PGlite has no autovacuum).
    await step('vacuum analyze', async () => {
      await sql`vacuum (analyze) bench.employer`.execute(conn);
      await sql`vacuum (analyze) bench.worker`.execute(conn);
    });

    await benchDb(conn)
      .insertInto('bench.meta')
      .values({ key: 'province', value: JSON.stringify({ ...wanted, generatedAt: new Date().toISOString() }) })
      .execute();
    // The connection goes back to the pool the app then uses: leave its session as it was.
    await sql`reset maintenance_work_mem`.execute(conn);
  });

  const seconds = (performance.now() - started) / 1000;
  log(`generated ${size} in ${seconds.toFixed(1)} s`);
  return { skipped: false, seconds, steps };
}

/** Rows the bench tables hold now. */
export async function provinceSize(db: Db): Promise<{ workers: number; employers: number }> {
  const r = await sql<{ workers: number; employers: number }>`
    select (select count(*) from bench.worker) as workers, (select count(*) from bench.employer) as employers
  `.execute(db);
  return r.rows[0] ?? { workers: 0, employers: 0 };
}

async function cli(): Promise<void> {
  const { values } = parseArgs({
    options: {
      workers: { type: 'string', default: '1000000' },
      employers: { type: 'string' },
      seed: { type: 'string', default: '1' },
      db: { type: 'string' },
      url: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'node bench/src/generate.ts [--workers 1000000] [--employers workers/20] [--seed 1]\n' +
        '                           [--db pglite|postgres] [--url postgres://…] [--data-dir bench/.data]',
    );
    return;
  }
  const workers = Number(values.workers);
  const employers = values.employers ? Number(values.employers) : defaultEmployers(workers);
  const seed = Number(values.seed);
  const url = values.url ?? process.env.BENCH_DATABASE_URL ?? defaultServerUrl;
  let kind = values.db as DatabaseKind | undefined;
  if (kind && kind !== 'pglite' && kind !== 'postgres') throw new Error(`--db must be pglite or postgres, not ${kind}`);
  // Like the bench: PostgreSQL when one answers, else the embedded database.
  kind ??= (await postgresReachable(url)) ? 'postgres' : 'pglite';

  const bench = await openBenchDatabase(kind, {
    url,
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    log: (line) => console.log(line),
  });
  console.log(`${kind}: ${bench.where}`);
  try {
    await generateProvince(bench.database.db, { workers, employers, seed, log: (line) => console.log(line) });
  } finally {
    await bench.database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
