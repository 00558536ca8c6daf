import { type Kysely, sql } from 'kysely';

// Risk assessments (modules/risk-assessment): the hazards one assessment answers and rates (a library hazard, or the
// employer's own when hazard_id is null) and the measures planned against them. The assessment and the hazard
// library are catalogue tables, made after the numbered migrations, so they are referred to without foreign keys.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table risk_assessment_hazard (
    id uuid primary key default gen_random_uuid(),
    assessment_id uuid not null,
    hazard_id uuid,
    position integer not null default 0,
    name text not null,
    hazard_group text not null,
    answer text not null default 'unanswered'
      check (answer in ('unanswered', 'present', 'absent', 'notApplicable')),
    current_controls text,
    likelihood integer check (likelihood between 1 and 5),
    severity integer check (severity between 1 and 5),
    score integer,
    level text check (level in ('low', 'medium', 'high', 'veryHigh')),
    note text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index risk_assessment_hazard_assessment_idx on risk_assessment_hazard (assessment_id, position)`.execute(
    db,
  );
  await sql`create unique index risk_assessment_hazard_library_uq on risk_assessment_hazard (assessment_id, hazard_id)
    where hazard_id is not null`.execute(db);

  await sql`create table risk_assessment_measure (
    id uuid primary key default gen_random_uuid(),
    assessment_id uuid not null,
    hazard_row_id uuid not null references risk_assessment_hazard(id) on delete cascade,
    description text not null,
    owner text not null,
    deadline date not null,
    cost numeric(18, 0) not null default 0 check (cost >= 0),
    status text not null default 'planned' check (status in ('planned', 'done')),
    done_on date,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index risk_assessment_measure_hazard_idx on risk_assessment_measure (hazard_row_id)`.execute(db);
  await sql`create index risk_assessment_measure_due_idx on risk_assessment_measure (deadline, assessment_id)
    where status = 'planned'`.execute(db);

  // Overdue measures the employer was told of, one row per measure and deadline (a new deadline re-arms it), written in
  // the same transaction as the notification, so a retry or a second run the same day tells nothing again.
  await sql`create table risk_assessment_reminder (
    measure_id uuid not null references risk_assessment_measure(id) on delete cascade,
    deadline date not null,
    business_id uuid not null,
    sent_on date not null,
    primary key (measure_id, deadline)
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
