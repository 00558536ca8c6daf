import { Kysely, PostgresDialect, sql } from 'kysely';
import type { Db } from '../../../apps/api/src/db/database.ts';
import type { DB } from '../../../apps/api/src/db/schema.ts';
import { ensureCatalogSchema } from '../../../apps/api/src/catalog/schema.ts';
import type { OpContext } from '../../../apps/api/src/catalog/context.ts';
import { seekersForVacancy, vacanciesForSeeker } from '../../../apps/api/src/modules/employment/service.ts';
import { clock } from '../../../apps/api/src/platform/clock/index.ts';
import { compareWithBare, goals, type Measurement } from '../harness.ts';
import { benchUuid, dropLoadIndexes, guarded, signIn } from './shared.ts';

/**
 * Matching at province scale: 1 000 000 job seekers (BENCH_SEEKERS) and 100 000 vacancies (BENCH_VACANCIES) in
 * the occupations of the occupation tree and the province's 124 communes, with pay wishes and ranges, education
 * levels and skills drawn per row. The vacancies that fit one seeker, and the seekers that fit one vacancy, through
 * the real routes signed in as the department, each against the same service function (the same statements) run
 * on a bare server with its own pool.
 */

const GENERATION = 1;
const SEED = 27;
const BATCH = 100_000;
const FULL_SEEKERS = 1_000_000;
const SKILLS = [
  'điện công nghiệp',
  'hàn',
  'lái xe hạng c',
  'đóng gói',
  'chăm sóc cà phê',
  'vận hành máy sấy',
  'tin học',
];
const EDUCATION = ['primary', 'lowerSecondary', 'upperSecondary', 'vocational', 'college', 'university'];

const count = (name: string, fallback: number) => {
  const set = Number(process.env[name]);
  return Number.isInteger(set) && set > 0 ? set : fallback;
};

interface Generated {
  generation: number;
  seekers: number;
  vacancies: number;
  today: string;
}

async function ensureEmployment(db: Db, log: (l: string) => void): Promise<Generated> {
  await sql`create table if not exists bench.meta (key text primary key, value jsonb not null)`.execute(db);
  const seekers = count('BENCH_SEEKERS', FULL_SEEKERS);
  const vacancies = count('BENCH_VACANCIES', 100_000);
  const today = clock.today();
  const stored = (await sql<{ value: Generated }>`select value from bench.meta where key = 'employment'`.execute(db))
    .rows[0]?.value;
  if (
    stored?.generation === GENERATION &&
    stored.seekers === seekers &&
    stored.vacancies === vacancies &&
    stored.today === today
  )
    return stored;
  const started = performance.now();
  log(`  generating ${seekers.toLocaleString('en-US')} job seekers, ${vacancies.toLocaleString('en-US')} vacancies`);
  await sql`delete from bench.meta where key = 'employment'`.execute(db);
  await sql`truncate job_seeker, vacancy cascade`.execute(db);
  await dropLoadIndexes(db, 'job_seeker');
  await dropLoadIndexes(db, 'vacancy');
  const lists = sql`(select
      (select array_agg(id order by code) from type_of_profession where deleted_at is null and parent_id is not null) as occ,
      (select array_agg(id order by code) from admin_unit where generation = '2025' and level = 'ward' and province_id = '2025:68') as wards,
      (select array_agg(id order by code) from business where deleted_at is null and status = 'active') as employers,
      ${sql.val(SKILLS)}::text[] as skills, ${sql.val(EDUCATION)}::text[] as edu) l`;
  const pick = (list: string, h: string) => sql.raw(`l.${list}[1 + (${h}) % cardinality(l.${list})]`);
  for (let first = 1; first <= seekers; first += BATCH) {
    const last = Math.min(seekers, first + BATCH - 1);
    await sql`insert into job_seeker (id, code, full_name, citizen_id, birth_date, sex, admin_unit_id, occupation_id,
        education_level, skills, experience_years, desired_pay, registered_date, consent_to_share, status)
      select ${benchUuid('seeker', sql`i`)}, 'TV-' || lpad(i::text, 8, '0'), 'Người tìm việc ' || i,
        lpad((68000000000 + i)::text, 12, '0'), make_date(1970 + (h % 35)::int, 1 + (h % 12)::int, 1 + (h % 28)::int),
        case when h % 2 = 0 then 'male' else 'female' end, ${pick('wards', 'h / 7')}, ${pick('occ', 'h / 1009')},
        ${pick('edu', 'h / 13')}, ${pick('skills', 'h / 17')} || case when h % 3 = 0 then ',' || ${pick('skills', 'h / 19')} else '' end,
        (h % 20)::numeric, 5000000 + (h % 20) * 500000, ${today}::date - (h % 365)::int, h % 4 <> 0,
        case when h % 10 = 0 then 'placed' else 'seeking' end
      from (select i, abs(hashint8extended(i, ${SEED})) as h from generate_series(${first}::bigint, ${last}::bigint) i) g
        cross join ${lists}`.execute(db);
    log(`    ${last.toLocaleString('en-US')} job seekers`);
  }
  await sql`insert into vacancy (id, code, title, business_id, occupation_id, quantity, admin_unit_id, pay_from, pay_to,
      education_level, skills, posted_date, closing_date, status)
    select ${benchUuid('vacancy', sql`i`)}, 'TD-' || lpad(i::text, 7, '0'), 'Vị trí tuyển dụng ' || i,
      ${pick('employers', 'h / 3')}, ${pick('occ', 'h / 1009')}, 1 + (h % 20)::int, ${pick('wards', 'h / 7')},
      6000000 + (h % 10) * 500000, 9000000 + (h % 12) * 500000, ${pick('edu', 'h / 13')},
      ${pick('skills', 'h / 17')}, ${today}::date - (h % 60)::int, ${today}::date + 1 + (h % 90)::int,
      case when h % 5 = 0 then 'closed' else 'open' end
    from (select i, abs(hashint8extended(i, ${SEED + 1})) as h from generate_series(1::bigint, ${vacancies}::bigint) i) g
      cross join ${lists}`.execute(db);
  await sql`delete from app_setting where key = 'catalog.schema'`.execute(db);
  await ensureCatalogSchema(db, undefined, { afterMigrations: true });
  for (const table of ['job_seeker', 'vacancy']) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  const done: Generated = { generation: GENERATION, seekers, vacancies, today };
  await sql`insert into bench.meta (key, value) values ('employment', ${JSON.stringify(done)}::jsonb)
            on conflict (key) do update set value = excluded.value`.execute(db);
  log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return done;
}

export const employment: Measurement = {
  name: 'employment',
  description:
    'employment matching (1 000 000 job seekers, 100 000 vacancies): the vacancies that fit a seeker and the seekers that fit a vacancy, each with its reasons: API vs the same statements bare',
  async run(ctx) {
    const db = ctx.database.db;
    const generated = await ensureEmployment(db, ctx.log);
    const bare = new Kysely<DB>({ dialect: new PostgresDialect({ pool: ctx.barePool }) });
    const system = (): OpContext => ({ db: bare, principal: null, lang: 'vi', request: null, system: true });
    const department = await signIn(ctx, 'department', ['JobSeeker.read', 'Vacancy.read']);
    // A seeker still looking and an open vacancy, the first of each.
    const seeker = (
      await sql<{
        id: string;
      }>`select id::text as id from job_seeker where status = 'seeking' order by code limit 1`.execute(db)
    ).rows[0]!.id;
    const vacancy = (
      await sql<{ id: string }>`select id::text as id from vacancy where status = 'open' order by code limit 1`.execute(
        db,
      )
    ).rows[0]!.id;
    return [
      ...(await guarded(ctx, 'matches for a seeker', () =>
        compareWithBare(ctx, {
          name: 'matches for a seeker',
          path: `/api/JobSeeker/jobSeekers/${seeker}/matches?limit=20`,
          rows: generated.vacancies,
          headers: department.headers,
          goals: [goals.maxP95(200, { databases: ['postgres'], minRows: 100_000 })],
          bare: () => vacanciesForSeeker(system(), seeker, 20),
        }),
      )),
      ...(await guarded(ctx, 'matches for a vacancy', () =>
        compareWithBare(ctx, {
          name: 'matches for a vacancy',
          path: `/api/Vacancy/vacancies/${vacancy}/matches?limit=20`,
          rows: generated.seekers,
          headers: department.headers,
          goals: [goals.maxP95(200, { databases: ['postgres'], minRows: FULL_SEEKERS })],
          bare: () => seekersForVacancy(system(), vacancy, 20),
        }),
      )),
    ];
  },
};
