import { type Kysely, sql } from 'kysely';

// The worker register gains what the province's statistics count: education level, monthly income band, social
// and health insurance, and work abroad (under a contract now, or returned) with its country. `worker` is a
// catalogue table: on a fresh database the sync (0005, 0009) has already made these columns from the declaration,
// so every step is idempotent. Constant defaults only: adding the columns rewrites none of a million rows, and
// the checks (one statement, one scan) find every existing row at its default.
// The lists are written out as they are today: a later option is a new migration, never an edit of this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  const exists = await sql<{ t: string | null }>`select to_regclass('worker')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return;
  const found = await sql<{ name: string }>`select conname as name from pg_constraint
    where conrelid = 'worker'::regclass and conname = any(${[
      'worker_education_level_check',
      'worker_income_band_check',
      'worker_abroad_status_check',
    ]}::text[])`.execute(db);
  const has = new Set(found.rows.map((r) => r.name));
  const checks = [
    [
      'worker_education_level_check',
      sql`education_level in ('none', 'primary', 'lowerSecondary', 'upperSecondary', 'vocational', 'college', 'university', 'postgraduate')`,
    ],
    ['worker_income_band_check', sql`income_band in ('lt5', '5to10', '10to15', '15to20', '20to30', 'gte30')`],
    ['worker_abroad_status_check', sql`abroad_status in ('none', 'abroad', 'returned')`],
  ] as const;
  const constraints = checks
    .filter(([name]) => !has.has(name))
    .map(([name, rule]) => sql`, add constraint ${sql.id(name)} check (${rule})`);
  await sql`alter table worker
    add column if not exists education_level text,
    add column if not exists income_band text,
    add column if not exists social_insurance boolean not null default false,
    add column if not exists health_insurance boolean not null default false,
    add column if not exists abroad_status text not null default 'none',
    add column if not exists abroad_country text
    ${sql.join(constraints, sql``)}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
